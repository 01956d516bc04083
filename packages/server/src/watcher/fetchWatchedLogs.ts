import { exchangeArtifact, tokenRegistryArtifact } from '@relayer/contracts';
import type { Address } from '@relayer/protocol';
import { decodeEventLog, type Hex, type Log, numberToHex, pad, toEventSelector } from 'viem';
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
};

/** Beyond this many makers the token filters drop the maker topic and logs are matched here instead. */
const MAX_MAKER_TOPICS = 500;

export interface RegistryChange {
  kind: 'add' | 'remove';
  address: Address;
  name: string;
  symbol: string;
  decimals: number;
}

/** What a block range means for the book, each item tagged with the block it came from. */
export interface WatchedLogs {
  /** Orders named by LogFill/LogCancel. */
  orders: { hash: Hex; block: bigint }[];
  /** (maker, token) pairs whose balance or proxy allowance may have changed. */
  funds: { maker: Address; token: Address; block: bigint }[];
  registry: (RegistryChange & { block: bigint })[];
  /** The block hash every log claimed, to check the range against the headers read for it. */
  logBlockHashes: Map<bigint, Hex>;
}

/**
 * Reads a block range's relevant logs with address-filtered `eth_getLogs` (sent together, so one round
 * trip on a batching transport): Exchange fills/cancels, TokenRegistry additions/removals, and on the
 * watched tokens every Transfer/Approval/Deposit/Withdrawal by a watched maker plus Transfers to one
 * (incoming funds can re-open an unfunded order). PROTOCOL.md §10.2's triggers, narrowed to the makers
 * and tokens of the relayer's live orders instead of its catch-all filter.
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
  const tokenList = [...tokens];
  const watchFunds = makers.size > 0 && tokenList.length > 0;
  const [exchangeLogs, registryLogs, fromMakerLogs, toMakerLogs] = await Promise.all([
    getLogs(addresses.exchange, [[TOPIC.logFill, TOPIC.logCancel]]),
    getLogs(addresses.tokenRegistry, [[TOPIC.logAddToken, TOPIC.logRemoveToken]]),
    watchFunds
      ? getLogs(tokenList, [[TOPIC.transfer, TOPIC.approval, TOPIC.deposit, TOPIC.withdrawal], makerTopics])
      : Promise.resolve([]),
    watchFunds ? getLogs(tokenList, [TOPIC.transfer, null, makerTopics]) : Promise.resolve([]),
  ]);

  const result: WatchedLogs = { orders: [], funds: [], registry: [], logBlockHashes: new Map() };
  const all = [...exchangeLogs, ...registryLogs, ...fromMakerLogs, ...toMakerLogs];
  for (const log of all) {
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
    } else if (
      address === addresses.tokenRegistry &&
      (topic0 === TOPIC.logAddToken || topic0 === TOPIC.logRemoveToken)
    ) {
      const decoded = decodeEventLog({ abi: tokenRegistryArtifact.abi, data: log.data, topics: log.topics });
      if (decoded.eventName === 'LogAddToken' || decoded.eventName === 'LogRemoveToken') {
        const { token, name, symbol, decimals } = decoded.args;
        const kind = decoded.eventName === 'LogAddToken' ? 'add' : 'remove';
        result.registry.push({
          kind,
          address: token.toLowerCase() as Address,
          name,
          symbol,
          decimals: Number(decimals),
          block,
        });
      }
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
