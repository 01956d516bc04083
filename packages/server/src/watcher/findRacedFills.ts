import { exchangeArtifact } from '@relayer/contracts';
import { decodeEventLog, type Hex, type Log, numberToHex, pad } from 'viem';
import { logRangeRefusal } from '../chain/logRangeRefusal.js';
import { type FillLog, LOG_FILL_TOPIC, MAX_MAKER_TOPICS, toFillLog } from './fetchWatchedLogs.js';
import type { ValidatedOrder } from './loadOrdersValidatedBefore.js';
import type { LeaderContext } from './WatcherContext.js';

/**
 * Fills the trade history missed for orders whose acceptance committed after the watcher had applied
 * blocks past the one their state was read at (`validatedBlock`): the watcher did not know those orders
 * when it read those blocks' logs. Asks the Exchange for LogFill by the orders' makers over
 * (oldest validatedBlock, `through`], at most `maxBlockRange` blocks back, and keeps the fills of these
 * orders logged after their own validatedBlock. Orders at block 0 (stored before blocks were recorded)
 * get no history. A node refusing the range for its size costs only these trades (logged); any other
 * failure fails the tick, which is retried.
 */
export async function findRacedFills(
  ctx: LeaderContext,
  orders: readonly ValidatedOrder[],
  through: bigint,
): Promise<FillLog[]> {
  const raced = orders.filter((o) => o.validatedBlock > 0n && o.validatedBlock < through);
  if (raced.length === 0) return [];
  let oldest = through;
  for (const order of raced) if (order.validatedBlock < oldest) oldest = order.validatedBlock;
  // From the first block after the oldest validation, but no further back than one range.
  let from = through - BigInt(ctx.options.maxBlockRange) + 1n;
  if (oldest >= from) from = oldest + 1n;
  const makers = [...new Set(raced.map((o) => o.maker))];
  const makerTopics = makers.length <= MAX_MAKER_TOPICS ? makers.map((m) => pad(m as Hex)) : null;
  let logs: Log[];
  try {
    logs = (await ctx.client.request({
      method: 'eth_getLogs',
      params: [
        {
          fromBlock: numberToHex(from),
          toBlock: numberToHex(through),
          address: ctx.network.addresses.exchange,
          topics: [LOG_FILL_TOPIC, makerTopics],
        },
      ],
    })) as Log[];
  } catch (error) {
    if (!logRangeRefusal(error)) throw error;
    ctx.log.warn(
      { network: ctx.network.key, from: Number(from), to: Number(through), orders: raced.length },
      'the node refused the logs of fills that raced acceptance; those trades are not recorded',
    );
    return [];
  }
  const since = new Map(raced.map((o) => [o.hash, o.validatedBlock]));
  const fills: FillLog[] = [];
  for (const log of logs) {
    if (log.removed || log.blockNumber === null) continue;
    const decoded = decodeEventLog({ abi: exchangeArtifact.abi, data: log.data, topics: log.topics });
    if (decoded.eventName !== 'LogFill') continue;
    const fill = toFillLog(log, decoded.args);
    const validatedAt = since.get(fill.orderHash);
    if (validatedAt !== undefined && fill.block > validatedAt) fills.push(fill);
  }
  return fills;
}
