import { exchangeArtifact, tokenRegistryArtifact } from '@relayer/contracts';
import type { Address } from '@relayer/protocol';
import { decodeEventLog, type Hex, type Log, numberToHex, pad, toEventSelector } from 'viem';
import { logRangeRefusal } from '../chain/logRangeRefusal.js';
import type { WatcherContext } from './WatcherContext.js';

const TOPIC = {
  transfer: toEventSelector('Transfer(address,address,uint256)'),
  approval: toEventSelector('Approval(address,address,uint256)'),
  deposit: toEventSelector('Deposit(address,uint256)'),
  withdrawal: toEventSelector('Withdrawal(address,uint256)'),
  logFill: toEventSelector(
    'LogFill(address,address,address,address,address,uint256,uint256,uint256,uint256,bytes32,bytes32)',
  ),
  logCancel: toEventSelector('LogCancel(address,address,address,address,uint256,uint256,bytes32,bytes32)'),
  logAddToken: toEventSelector('LogAddToken(address,string,string,uint8,bytes,bytes)'),
  logRemoveToken: toEventSelector('LogRemoveToken(address,string,string,uint8,bytes,bytes)'),
  logTokenNameChange: toEventSelector('LogTokenNameChange(address,string,string)'),
  logTokenSymbolChange: toEventSelector('LogTokenSymbolChange(address,string,string)'),
};
const REGISTRY_TOPICS = [
  TOPIC.logAddToken,
  TOPIC.logRemoveToken,
  TOPIC.logTokenNameChange,
  TOPIC.logTokenSymbolChange,
];
const FUNDS_TOPICS = [TOPIC.transfer, TOPIC.approval, TOPIC.deposit, TOPIC.withdrawal];

/** Beyond this many makers the token filters drop the maker topic and logs are matched here instead. */
export const MAX_MAKER_TOPICS = 500;
/** Most contract addresses in one `eth_getLogs` filter: more tokens are split over several requests. */
export const MAX_LOG_ADDRESSES = 100;

/** One LogFill of the Exchange (PROTOCOL.md §5.1) with where it was logged. */
export interface FillLog {
  orderHash: Hex;
  block: bigint;
  blockHash: Hex;
  logIndex: number;
  transactionHash: Hex;
  maker: Address;
  taker: Address;
  feeRecipient: Address;
  makerToken: Address;
  takerToken: Address;
  filledMakerTokenAmount: bigint;
  filledTakerTokenAmount: bigint;
  paidMakerFee: bigint;
  paidTakerFee: bigint;
}

export type RegistryChange =
  | { kind: 'add' | 'remove'; address: Address; name: string; symbol: string; decimals: number }
  | { kind: 'name'; address: Address; name: string }
  | { kind: 'symbol'; address: Address; symbol: string };

/** What a block range means for the book, each item tagged with the block it came from. */
export interface WatchedLogs {
  /** Orders named by LogFill/LogCancel. */
  orders: { hash: Hex; block: bigint }[];
  /** Every LogFill in full, for the trade history (whether the relayer stores the order is decided later). */
  fills: FillLog[];
  /** (maker, token) pairs whose balance or proxy allowance may have changed. */
  funds: { maker: Address; token: Address; block: bigint }[];
  /** TokenRegistry changes in chain order (one request answers them all, in the node's log order). */
  registry: (RegistryChange & { block: bigint })[];
  /** The block hash every log claimed, to check the range against the headers read for it. */
  logBlockHashes: Map<bigint, Hex>;
}

/** The node refused a range's `eth_getLogs` as too wide or too full; the watcher retries a shorter one. */
export class LogRangeRefusedError extends Error {
  constructor(
    readonly span: number,
    readonly suggestedSpan: number | undefined,
    options: { cause: unknown },
  ) {
    super(`the node refused eth_getLogs over ${span} blocks`, options);
  }
}

/**
 * Reads a block range's relevant logs with address-filtered `eth_getLogs` (sent together, so one round
 * trip on a batching transport): Exchange fills/cancels, TokenRegistry additions, removals and renames,
 * and on the watched tokens every Transfer/Approval/Deposit/Withdrawal by a watched maker plus Transfers
 * to one (incoming funds can re-open an unfunded order). PROTOCOL.md §10.2's triggers, narrowed to the
 * makers and tokens of the relayer's live orders instead of its catch-all filter. Every filter stays
 * bounded however large the book: tokens go at most `MAX_LOG_ADDRESSES` to a request, and past
 * `MAX_MAKER_TOPICS` makers the maker topic is dropped and logs are matched against the makers here.
 * A refusal for size throws `LogRangeRefusedError`.
 */
export async function fetchWatchedLogs(
  ctx: WatcherContext,
  fromBlock: bigint,
  toBlock: bigint,
  makers: ReadonlySet<Address>,
  tokens: ReadonlySet<Address>,
): Promise<WatchedLogs> {
  const { addresses } = ctx.network;
  const range = { fromBlock: numberToHex(fromBlock), toBlock: numberToHex(toBlock) };
  const getLogs = (address: Address | Address[], topics: (Hex | Hex[] | null)[]) =>
    ctx.client.request({ method: 'eth_getLogs', params: [{ ...range, address, topics }] }) as Promise<Log[]>;

  const makerTopics = makers.size <= MAX_MAKER_TOPICS ? [...makers].map((m) => pad(m)) : null;
  const tokenChunks: Address[][] = [];
  const tokenList = [...tokens];
  for (let i = 0; i < tokenList.length; i += MAX_LOG_ADDRESSES)
    tokenChunks.push(tokenList.slice(i, i + MAX_LOG_ADDRESSES));
  const fundQueries =
    makers.size === 0
      ? []
      : tokenChunks.flatMap((chunk) =>
          makerTopics
            ? [
                getLogs(chunk, [FUNDS_TOPICS, makerTopics]),
                getLogs(chunk, [TOPIC.transfer, null, makerTopics]),
              ]
            : // Without a maker topic one query already holds every transfer, from or to a maker.
              [getLogs(chunk, [FUNDS_TOPICS])],
        );
  let batches: Log[][];
  try {
    batches = await Promise.all([
      getLogs(addresses.exchange, [[TOPIC.logFill, TOPIC.logCancel]]),
      getLogs(addresses.tokenRegistry, [REGISTRY_TOPICS]),
      ...fundQueries,
    ]);
  } catch (error) {
    const refusal = logRangeRefusal(error);
    if (!refusal) throw error;
    throw new LogRangeRefusedError(Number(toBlock - fromBlock) + 1, refusal.suggestedSpan, { cause: error });
  }

  const result: WatchedLogs = { orders: [], fills: [], funds: [], registry: [], logBlockHashes: new Map() };
  for (const log of batches.flat()) {
    if (log.removed || log.blockNumber === null || log.blockHash === null) continue;
    const block = BigInt(log.blockNumber);
    result.logBlockHashes.set(block, log.blockHash);
    const address = log.address.toLowerCase() as Address;
    const [topic0, topic1, topic2] = log.topics;
    const topicAddress = (topic: Hex | undefined) =>
      topic ? (`0x${topic.slice(26)}`.toLowerCase() as Address) : undefined;
    const fund = (maker: Address | undefined) => {
      if (maker && makers.has(maker)) result.funds.push({ maker, token: address, block });
    };
    if (address === addresses.exchange && (topic0 === TOPIC.logFill || topic0 === TOPIC.logCancel)) {
      const decoded = decodeEventLog({ abi: exchangeArtifact.abi, data: log.data, topics: log.topics });
      if (decoded.eventName === 'LogFill' || decoded.eventName === 'LogCancel') {
        result.orders.push({ hash: decoded.args.orderHash.toLowerCase() as Hex, block });
      }
      if (decoded.eventName === 'LogFill') result.fills.push(toFillLog(log, decoded.args));
    } else if (address === addresses.tokenRegistry && topic0 && REGISTRY_TOPICS.includes(topic0)) {
      const change = decodeRegistryChange(log);
      if (change) result.registry.push({ ...change, block });
    } else if (tokens.has(address)) {
      if (topic0 === TOPIC.transfer) {
        fund(topicAddress(topic1));
        fund(topicAddress(topic2));
      } else if (topic0 === TOPIC.approval && topicAddress(topic2) === addresses.tokenTransferProxy) {
        fund(topicAddress(topic1));
      } else if ((topic0 === TOPIC.deposit || topic0 === TOPIC.withdrawal) && address === addresses.weth) {
        fund(topicAddress(topic1));
      }
    }
  }
  return result;
}

/** Topic of LogFill: `fetchMakerFills` asks for these by maker. */
export const LOG_FILL_TOPIC = TOPIC.logFill;

type LogFillArgs = Extract<
  ReturnType<typeof decodeEventLog<typeof exchangeArtifact.abi>>,
  { eventName: 'LogFill' }
>['args'];

/** A decoded LogFill with its position; addresses and hashes lower-case. */
export function toFillLog(log: Log, args: LogFillArgs): FillLog {
  const lower = (address: string) => address.toLowerCase() as Address;
  if (log.blockNumber === null || log.blockHash === null || log.logIndex === null || !log.transactionHash)
    throw new Error('a pending log cannot be a trade');
  return {
    orderHash: args.orderHash.toLowerCase() as Hex,
    block: BigInt(log.blockNumber),
    blockHash: log.blockHash.toLowerCase() as Hex,
    logIndex: Number(log.logIndex),
    transactionHash: log.transactionHash.toLowerCase() as Hex,
    maker: lower(args.maker),
    taker: lower(args.taker),
    feeRecipient: lower(args.feeRecipient),
    makerToken: lower(args.makerToken),
    takerToken: lower(args.takerToken),
    filledMakerTokenAmount: args.filledMakerTokenAmount,
    filledTakerTokenAmount: args.filledTakerTokenAmount,
    paidMakerFee: args.paidMakerFee,
    paidTakerFee: args.paidTakerFee,
  };
}

function decodeRegistryChange(log: Log): RegistryChange | null {
  const decoded = decodeEventLog({ abi: tokenRegistryArtifact.abi, data: log.data, topics: log.topics });
  switch (decoded.eventName) {
    case 'LogAddToken':
    case 'LogRemoveToken': {
      const { token, name, symbol, decimals } = decoded.args;
      return {
        kind: decoded.eventName === 'LogAddToken' ? 'add' : 'remove',
        address: token.toLowerCase() as Address,
        name,
        symbol,
        decimals: Number(decimals),
      };
    }
    case 'LogTokenNameChange':
      return {
        kind: 'name',
        address: decoded.args.token.toLowerCase() as Address,
        name: decoded.args.newName,
      };
    case 'LogTokenSymbolChange':
      return {
        kind: 'symbol',
        address: decoded.args.token.toLowerCase() as Address,
        symbol: decoded.args.newSymbol,
      };
    default:
      return null;
  }
}
