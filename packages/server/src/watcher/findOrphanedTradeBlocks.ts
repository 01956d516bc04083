import { readBlockHeaders } from './readBlockHeaders.js';
import type { LeaderContext } from './WatcherContext.js';

/**
 * After a re-org deeper than the remembered window, where no common ancestor is known: the hashes of the
 * blocks holding recent trades (up to `maxBlockRange` blocks below `newest`, the newest block applied)
 * that the chain no longer has at their height. One header per such block, read together.
 */
export async function findOrphanedTradeBlocks(ctx: LeaderContext, newest: bigint): Promise<string[]> {
  const rows = await ctx.db.query<{ block_number: string; block_hash: string }>(
    `SELECT DISTINCT block_number::text, block_hash FROM trades WHERE network = $1 AND block_number > $2`,
    [ctx.network.key, (newest - BigInt(ctx.options.maxBlockRange)).toString()],
  );
  const headers = await readBlockHeaders(
    ctx,
    rows.map((r) => BigInt(r.block_number)),
  );
  return rows.filter((row, i) => headers[i]?.hash.toLowerCase() !== row.block_hash).map((r) => r.block_hash);
}
