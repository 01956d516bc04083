import type { TradeRecord } from '@relayer/protocol';
import { ChainMovedError } from './ChainMovedError.js';
import type { FillLog } from './fetchWatchedLogs.js';
import { type BlockHeader, readBlockHeaders } from './readBlockHeaders.js';
import type { WatcherContext } from './WatcherContext.js';

/**
 * Fills as trade records, each stamped with its block's timestamp. Headers the caller already read are
 * reused; the others are read together (one round trip on a batching transport), so a catch-up range
 * costs one header per block that holds a trade. A header whose hash is not the log's block hash means
 * the chain moved while the range was read: the tick is retried.
 */
export async function stampTrades(
  ctx: WatcherContext,
  fills: readonly FillLog[],
  known: ReadonlyMap<bigint, BlockHeader>,
): Promise<TradeRecord[]> {
  if (fills.length === 0) return [];
  const missing = [...new Set(fills.map((f) => f.block))].filter((n) => !known.has(n));
  const read = await readBlockHeaders(ctx, missing);
  const headers = new Map(known);
  for (const header of read) if (header) headers.set(header.number, header);
  return fills.map((fill) => {
    const header = headers.get(fill.block);
    if (!header || header.hash.toLowerCase() !== fill.blockHash)
      throw new ChainMovedError('re-org while reading the blocks of fills');
    return {
      transactionHash: fill.transactionHash,
      blockNumber: Number(fill.block),
      blockHash: fill.blockHash,
      logIndex: fill.logIndex,
      timestamp: Number(header.timestamp),
      orderHash: fill.orderHash,
      maker: fill.maker,
      taker: fill.taker,
      feeRecipient: fill.feeRecipient,
      makerTokenAddress: fill.makerToken,
      takerTokenAddress: fill.takerToken,
      filledMakerTokenAmount: fill.filledMakerTokenAmount.toString(),
      filledTakerTokenAmount: fill.filledTakerTokenAmount.toString(),
      paidMakerFee: fill.paidMakerFee.toString(),
      paidTakerFee: fill.paidTakerFee.toString(),
    };
  });
}
