import type { Hex, OrderRecord, SignedOrder } from '@relayer/protocol';
import type { ComputedOrderState } from '../chain/computeOrderState.js';
import type { OrderChainState } from '../chain/createChainReader.js';

/** `expires_at` is a bigint column for the expiry sweep index; expirations beyond it sort as "never". */
const MAX_BIGINT = (1n << 63n) - 1n;

export interface ToOrderRowInput {
  network: string;
  order: SignedOrder;
  orderHash: Hex;
  makerSymbol: string;
  takerSymbol: string;
  chainState: OrderChainState;
  computed: ComputedOrderState;
  nowMs: number;
}

/** An accepted order as `orders` row values (in `WRITE_COLUMNS` order) and as the record it is served as. */
export function toOrderRow(input: ToOrderRowInput): { values: unknown[]; record: OrderRecord } {
  const { order, orderHash, chainState, computed, nowMs } = input;
  const expiration = BigInt(order.expirationUnixTimestampSec);
  const values = [
    input.network,
    orderHash,
    order.exchangeContractAddress,
    order.maker,
    order.taker,
    order.makerTokenAddress,
    order.takerTokenAddress,
    input.makerSymbol,
    input.takerSymbol,
    order.feeRecipient,
    order.makerTokenAmount,
    order.takerTokenAmount,
    order.makerFee,
    order.takerFee,
    order.expirationUnixTimestampSec,
    (expiration > MAX_BIGINT ? MAX_BIGINT : expiration).toString(),
    order.salt,
    order.ecSignature.v,
    order.ecSignature.r,
    order.ecSignature.s,
    computed.state,
    chainState.filledTakerTokenAmount.toString(),
    chainState.cancelledTakerTokenAmount.toString(),
    computed.fillableTakerTokenAmount.toString(),
    computed.fillableMakerTokenAmount.toString(),
    nowMs,
    nowMs,
    // The block the chain state was read at: the watcher re-checks an order it may have missed events of.
    chainState.blockNumber.toString(),
  ];
  const record: OrderRecord = {
    exchangeContractAddress: order.exchangeContractAddress,
    maker: order.maker,
    taker: order.taker,
    makerTokenAddress: order.makerTokenAddress,
    takerTokenAddress: order.takerTokenAddress,
    feeRecipient: order.feeRecipient,
    makerTokenAmount: order.makerTokenAmount,
    takerTokenAmount: order.takerTokenAmount,
    makerFee: order.makerFee,
    takerFee: order.takerFee,
    expirationUnixTimestampSec: order.expirationUnixTimestampSec,
    salt: order.salt,
    ecSignature: order.ecSignature,
    orderHash,
    state: computed.state,
    filledTakerTokenAmount: chainState.filledTakerTokenAmount.toString(),
    cancelledTakerTokenAmount: chainState.cancelledTakerTokenAmount.toString(),
    remainingTakerTokenAmount: computed.remainingTakerTokenAmount.toString(),
    remainingMakerTokenAmount: computed.remainingMakerTokenAmount.toString(),
    fillableTakerTokenAmount: computed.fillableTakerTokenAmount.toString(),
    fillableMakerTokenAmount: computed.fillableMakerTokenAmount.toString(),
    createdAt: nowMs,
    // Acceptance stores only open orders the maker covers in full (the row's defaults say the same).
    reason: null,
    shortfalls: [],
  };
  return { values, record };
}
