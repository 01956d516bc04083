import {
  findFillOverflow,
  type Hex,
  hashOrder,
  isRoundingError,
  NULL_ADDRESS,
  type OrderRecord,
  parseSignedOrder,
  RelayerError,
  recoverSigner,
  type SignedOrder,
  type TokenRecord,
} from '@relayer/protocol';
import { nativeRecover } from '@relayer/protocol/native';
import { ChainUnavailableError } from '../chain/ChainUnavailableError.js';
import { computeOrderState, isExpired } from '../chain/computeOrderState.js';
import type { ChainClock } from '../chain/createChainClock.js';
import type { ChainReader, OrderChainState } from '../chain/createChainReader.js';
import type { Config, NetworkConfig } from '../config.js';
import type { Queryable } from '../db/Database.js';
import { refusal } from '../errors/toErrorResponse.js';
import type { BookEvents, OrderEvent } from '../events/BookEvents.js';
import type { FeePolicy, Fees } from '../fees/createFeePolicy.js';
import type { TokenDirectory } from '../tokens/createTokenDirectory.js';
import type { OrderWriter } from './createOrderWriter.js';
import { findOrder } from './findOrder.js';
import type { MakerQuotaMemory } from './MakerQuotaMemory.js';
import { makerShortfall } from './makerShortfall.js';
import type { OpenOrderQuotas } from './OpenOrderQuotas.js';
import { schemaRefusal } from './schemaRefusal.js';
import { stateRefusal } from './stateRefusal.js';
import type { TransferHonesty } from './TransferHonesty.js';
import { toOrderRow } from './toOrderRow.js';
import { writeWithinQuotas } from './writeWithinQuotas.js';

export interface AcceptContext {
  network: NetworkConfig;
  /** The fee policy new orders must match (an operator may change it while the relayer runs). */
  fees: Pick<FeePolicy, 'peek' | 'current'>;
  orders: Pick<
    Config['orders'],
    | 'expiryMarginSec'
    | 'submissionEnabled'
    | 'maxOpenPerMaker'
    | 'maxOpenPerUnverifiedToken'
    | 'maxOpenPerNetwork'
    | 'maxExpirySec'
  >;
  reader: Pick<ChainReader, 'getOrderChainState'>;
  tokens: TokenDirectory;
  /**
   * Called once before a token is declared unknown: it may have joined the registry since the last sync.
   * Throws ChainUnavailableError when the registry cannot be read (the node is down).
   */
  refreshTokens: () => Promise<void>;
  writer: OrderWriter;
  /** The per-network and per-unverified-token quotas. */
  quotas: OpenOrderQuotas;
  /**
   * The per-maker quota's memory of the read model (a database only this process writes): a maker it
   * shows well within the quota is written without a count. Without it the writer counts every maker.
   */
  makers?: MakerQuotaMemory | undefined;
  /** The simulated transfer of an unverified maker token (verified tokens are the registry's). */
  transfers: Pick<TransferHonesty, 'check'>;
  db: Queryable;
  events: BookEvents;
  /** Wall clock (Unix ms) for the row's timestamps. */
  now: () => number;
  /** What expiry is judged by: the later of the wall clock and the chain's latest block timestamp. */
  clock: Pick<ChainClock, 'now' | 'observe'>;
}

export interface AcceptResult {
  /** `created`: stored (or re-opened) and broadcast now; `existing`: an identical order was already open. */
  status: 'created' | 'existing';
  order: OrderRecord;
}

/**
 * The one acceptance path behind `POST /order/new` and `POST /v0/order`. Cheap local checks come first
 * (schema, hash, exchange, amounts, signature, expiry, fee policy, tokens), then one batched chain read
 * and the rule the watcher shares (`computeOrderState`), then one INSERT. The order is acknowledged only
 * once that INSERT committed. Every refusal is a RelayerError naming the field.
 */
export async function acceptOrder(context: AcceptContext, input: unknown): Promise<AcceptResult> {
  const { network, orders: policy, now } = context;
  if (!policy.submissionEnabled) {
    throw new RelayerError('ORDER_SUBMISSION_DISABLED', 'Order submission is disabled on this relayer');
  }
  const body = parseBody(input);
  const parsed = parseSignedOrder(body);
  if (!parsed.success) throw schemaRefusal(parsed);
  const order = parsed.data;
  const orderHash = hashOrder(order);
  checkLocally(context, order, orderHash, body, context.fees.peek() ?? (await context.fees.current()));
  const [makerToken, takerToken] = rememberedTokens(context, order) ?? (await knownTokens(context, order));

  const chainState = await readChainState(context, order, orderHash);
  const nowMs = now();
  const computed = computeOrderState(
    order,
    chainState,
    expiryNowSec(context, chainState),
    policy.expiryMarginSec,
  );
  if (computed.state !== 'open')
    throw stateRefusal(computed.reason ?? 'ORDER_REMAINING_FILL_AMOUNT_ZERO', policy.expiryMarginSec);
  const shortfall = makerShortfall(order, chainState, computed.remainingTakerTokenAmount);
  if (shortfall) throw stateRefusal(shortfall, policy.expiryMarginSec);
  if (
    isRoundingError(
      computed.remainingTakerTokenAmount,
      BigInt(order.takerTokenAmount),
      BigInt(order.makerTokenAmount),
    )
  ) {
    throw stateRefusal('ORDER_FILL_ROUNDING_ERROR', policy.expiryMarginSec);
  }
  if (!makerToken.verified) {
    await context.transfers.check(order, computed.fillableMakerTokenAmount, chainState.blockNumber);
  }

  const { values, record } = toOrderRow({
    network: network.key,
    order,
    orderHash,
    makerSymbol: makerToken.symbol,
    takerSymbol: takerToken.symbol,
    chainState,
    computed,
    nowMs,
  });
  const outcome = await writeWithinQuotas({
    quotas: context.quotas,
    writer: context.writer,
    row: { network: network.key, hash: orderHash, maker: order.maker, values },
    order,
    tokens: { maker: makerToken, taker: takerToken },
    maxOpenPerMaker: policy.maxOpenPerMaker,
    makers: context.makers,
  });
  if (outcome === 'duplicate') {
    const stored = await findOrder(context.db, network.key, orderHash);
    return { status: 'existing', order: stored ?? record };
  }
  // The row is committed: the broadcast is best effort and must not turn an accepted order into an error.
  context.events
    .publish(
      acceptedEvent(network.key, record, outcome, { maker: makerToken.symbol, taker: takerToken.symbol }),
    )
    .catch(() => {});
  return { status: 'created', order: record };
}

/**
 * The event of a stored (`inserted` or `reopened`) order. A fresh row is version 1 with these symbols,
 * which the read model applies as it is; a re-opened row kept its first createdAt and symbols, so
 * without a version the model reads it back.
 */
export function acceptedEvent(
  network: string,
  record: OrderRecord,
  outcome: 'inserted' | 'reopened',
  symbols: { maker: string; taker: string },
): OrderEvent {
  if (outcome === 'reopened') return { type: 'added', network, order: record };
  return {
    type: 'added',
    network,
    order: record,
    version: 1,
    makerTokenSymbol: symbols.maker,
    takerTokenSymbol: symbols.taker,
  };
}

/** JSON text (the raw-order entry) is parsed once here, so a sent `orderHash` can be compared too. */
function parseBody(input: unknown): unknown {
  if (typeof input !== 'string') return input;
  try {
    return JSON.parse(input);
  } catch {
    throw new RelayerError('MALFORMED_JSON', 'Malformed JSON: the body is not valid JSON');
  }
}

function checkLocally(
  context: AcceptContext,
  order: SignedOrder,
  orderHash: Hex,
  body: unknown,
  fees: Fees,
): void {
  const { network, orders: policy, clock } = context;
  const sentHash = (body as { orderHash?: unknown }).orderHash;
  if (typeof sentHash === 'string' && sentHash.toLowerCase() !== orderHash) {
    throw refusal(
      'ORDER_HASH_MISMATCH',
      'orderHash',
      `The order's fields hash to ${orderHash}, not to the orderHash sent`,
    );
  }
  if (order.exchangeContractAddress !== network.addresses.exchange) {
    throw refusal(
      'EXCHANGE_ADDRESS_MISMATCH',
      'exchangeContractAddress',
      `This relayer's ${network.name} book takes orders for the Exchange at ${network.addresses.exchange}`,
    );
  }
  if (order.makerTokenAddress === order.takerTokenAddress) {
    throw refusal(
      'ORDER_SAME_TOKEN',
      'takerTokenAddress',
      'must differ from makerTokenAddress: an order trades one token for another',
    );
  }
  if (BigInt(order.makerTokenAmount) === 0n)
    throw refusal('ORDER_AMOUNT_ZERO', 'makerTokenAmount', 'must be above 0');
  if (BigInt(order.takerTokenAmount) === 0n)
    throw refusal('ORDER_AMOUNT_ZERO', 'takerTokenAmount', 'must be above 0');
  // Before anything reads the chain or does fill math: the relayer's own rounding check would overflow too.
  const overflow = findFillOverflow(order, network.addresses.zrx);
  if (overflow) throw refusal('ORDER_ARITHMETIC_OVERFLOW', overflow.field, overflow.reason);
  const signer =
    order.maker === NULL_ADDRESS ? null : recoverSigner(orderHash, order.ecSignature, nativeRecover);
  if (signer === null || signer === NULL_ADDRESS) {
    throw refusal('INVALID_SIGNATURE', 'ecSignature', 'The signature is not a valid signature of this order');
  }
  if (signer !== order.maker) {
    throw refusal('INVALID_SIGNATURE', 'ecSignature', `The order was signed by ${signer}, not by its maker`);
  }
  const nowSec = Math.floor(clock.now() / 1000);
  if (isExpired(order.expirationUnixTimestampSec, nowSec, policy.expiryMarginSec)) {
    throw stateRefusal('ORDER_FILL_EXPIRED', policy.expiryMarginSec);
  }
  // An order that never expires would sit in the book and be re-read on chain for ever.
  if (
    policy.maxExpirySec > 0 &&
    BigInt(order.expirationUnixTimestampSec) > BigInt(nowSec + policy.maxExpirySec)
  ) {
    throw refusal(
      'ORDER_EXPIRY_TOO_FAR',
      'expirationUnixTimestampSec',
      `must be at most ${policy.maxExpirySec} seconds after the chain's clock (${nowSec + policy.maxExpirySec} now)`,
    );
  }
  if (order.feeRecipient !== fees.feeRecipient) {
    throw refusal('FEE_POLICY_MISMATCH', 'feeRecipient', `must be ${fees.feeRecipient} (see POST /v0/fees)`);
  }
  if (BigInt(order.makerFee) !== BigInt(fees.makerFee)) {
    throw refusal('FEE_POLICY_MISMATCH', 'makerFee', `must be ${fees.makerFee} (see POST /v0/fees)`);
  }
  if (BigInt(order.takerFee) !== BigInt(fees.takerFee)) {
    throw refusal('FEE_POLICY_MISMATCH', 'takerFee', `must be ${fees.takerFee} (see POST /v0/fees)`);
  }
}

/**
 * Both tokens' symbols when the directory remembers both (the common case): no promise or await at all.
 * Otherwise undefined, and `knownTokens` looks them up as it always did.
 */
function rememberedTokens(
  context: AcceptContext,
  order: SignedOrder,
): [TokenRecord, TokenRecord] | undefined {
  const { tokens, network } = context;
  const maker = tokens.peek(network.key, order.makerTokenAddress);
  const taker = maker && tokens.peek(network.key, order.takerTokenAddress);
  return maker && taker ? [maker, taker] : undefined;
}

/** Both tokens' symbols when not remembered: each looked up (and the registry re-read once on a miss). */
function knownTokens(context: AcceptContext, order: SignedOrder): Promise<[TokenRecord, TokenRecord]> {
  return Promise.all([
    knownToken(context, order.makerTokenAddress, 'makerTokenAddress'),
    knownToken(context, order.takerTokenAddress, 'takerTokenAddress'),
  ]);
}

/** The token's symbol when the network lists it; a miss re-reads the registry once before refusing. */
async function knownToken(context: AcceptContext, address: string, field: string): Promise<TokenRecord> {
  const { tokens, network } = context;
  let token = await tokens.get(network.key, address);
  if (!token) {
    if (await tokens.isUnlisted(network.key, address))
      throw refusal('TOKEN_UNLISTED', field, "This relayer's operator has unlisted this token");
    await context.refreshTokens();
    token = await tokens.get(network.key, address);
  }
  if (!token) throw refusal('UNKNOWN_TOKEN', field, 'This relayer does not list this token (add it first)');
  return token;
}

async function readChainState(
  context: AcceptContext,
  order: SignedOrder,
  orderHash: Hex,
): Promise<OrderChainState> {
  try {
    return await context.reader.getOrderChainState(order, orderHash);
  } catch (error) {
    if (error instanceof RelayerError) throw error;
    throw new ChainUnavailableError('order state', error);
  }
}

/**
 * Now for expiry, in Unix seconds: the chain clock, which the block just read at may move forward (a
 * block whose timestamp is ahead of the server's clock expires orders by it, as the Exchange would).
 */
function expiryNowSec(context: AcceptContext, chainState: OrderChainState): number {
  if (chainState.blockTimestamp !== undefined) {
    context.clock.observe({ number: chainState.blockNumber, timestamp: chainState.blockTimestamp });
  }
  return Math.floor(context.clock.now() / 1000);
}
