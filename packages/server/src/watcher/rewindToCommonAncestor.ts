import type { BookEvent } from '../events/BookEvents.js';
import { removeTradesAbove, removeTradesOfBlocks } from '../trades/recordTrades.js';
import type { Advance } from './Advance.js';
import { findOrphanedTradeBlocks } from './findOrphanedTradeBlocks.js';
import { publishAll } from './publishAll.js';
import { readBlockHeaders } from './readBlockHeaders.js';
import { reverifyOrders } from './reverifyOrders.js';
import type { BlockRef, LeaderContext } from './WatcherContext.js';
import { loadRecentBlocks, saveCursor } from './watcherCursor.js';
import { markValidated, writeOrderUpdates } from './writeOrderUpdates.js';

/** Orders accepted this long before the first orphaned block was applied are re-verified too (clock and lag slack). */
const ACCEPTANCE_SLACK_MS = 60_000;

/**
 * Handles a re-org: finds the newest remembered block still on the chain, re-verifies every order the
 * orphaned blocks touched (and those accepted since they were applied or validated at a block past the
 * ancestor, which acceptance or a re-read may have judged on an orphaned state) at that common ancestor, and moves the cursor back to it; the following
 * ticks re-apply the new chain from there. Re-reading chain state makes the replay idempotent.
 * Trades logged above the ancestor are deleted in the same transaction (`tradeRemoved` events); a fill
 * the new chain includes again is recorded again when its block is applied.
 * A re-org deeper than the remembered window re-verifies every live order at the head and restarts there,
 * deleting the trades of recent blocks (within `maxBlockRange`) the chain no longer has; fills between
 * the last block applied and the new head are not looked for.
 */
export async function rewindToCommonAncestor(ctx: LeaderContext, target: bigint): Promise<Advance> {
  const network = ctx.network.key;
  const recent = await loadRecentBlocks(ctx.db, network);
  const onChain = await readBlockHeaders(
    ctx,
    recent.map((b) => b.number),
  );
  const index = recent.findIndex((block, i) => onChain[i]?.hash === block.hash);
  const ancestor = index >= 0 ? recent[index] : undefined;

  let cursor: BlockRef | undefined = ancestor;
  // Without an ancestor, which trades' blocks are gone is asked of the chain block by block.
  const orphanedTradeBlocks = ancestor ? [] : await findOrphanedTradeBlocks(ctx, recent[0]?.number ?? target);
  let hashes: string[];
  if (ancestor) {
    const orphaned = recent.slice(0, index);
    const since = Math.min(...orphaned.map((b) => b.processedAt), ctx.now()) - ACCEPTANCE_SLACK_MS;
    const rows = await ctx.db.query<{ hash: string }>(
      `SELECT order_hash AS hash FROM watcher_touched WHERE network = $1 AND block_number > $2
       UNION SELECT hash FROM orders WHERE network = $1 AND state IN ('open', 'unfunded')
         AND (created_at >= $3 OR validated_block > $2)`,
      [network, ancestor.number.toString(), since],
    );
    hashes = rows.map((r) => r.hash);
    ctx.log.warn(
      { network, ancestor: Number(ancestor.number), orphaned: orphaned.length, orders: hashes.length },
      'chain re-org',
    );
  } else {
    const [head] = await readBlockHeaders(ctx, [target]);
    if (!head) throw new Error('the head block vanished during a re-org');
    cursor = head;
    const rows = await ctx.db.query<{ hash: string }>(
      `SELECT order_hash AS hash FROM watcher_touched WHERE network = $1
       UNION SELECT hash FROM orders WHERE network = $1 AND state IN ('open', 'unfunded')`,
      [network],
    );
    hashes = rows.map((r) => r.hash);
    ctx.log.error(
      { network, head: Number(head.number), orders: hashes.length },
      'chain re-org deeper than reorgDepth',
    );
  }
  if (!cursor) throw new Error('unreachable: no cursor after a re-org');
  const rewound = { number: cursor.number, hash: cursor.hash };
  const reverification = await reverifyOrders(ctx, ctx.db, hashes, rewound.number);
  const nowMs = ctx.now();
  let events: BookEvent[] = [];
  await ctx.db.transaction(async (tx) => {
    if (!ancestor) {
      await tx.query('DELETE FROM watcher_blocks WHERE network = $1', [network]);
      await tx.query('DELETE FROM watcher_touched WHERE network = $1', [network]);
    }
    ({ events } = await writeOrderUpdates(tx, network, reverification, { updatedAt: nowMs, force: true }));
    const removed = ancestor
      ? await removeTradesAbove(tx, network, ancestor.number)
      : await removeTradesOfBlocks(tx, network, orphanedTradeBlocks);
    events = [...events, ...removed.map((trade) => ({ type: 'tradeRemoved' as const, network, trade }))];
    await ctx.webhooks?.enqueue(tx, network, events, nowMs);
    // Their state is the ancestor's now (or the latest block's, on a node without the ancestor's state).
    await markValidated(tx, network, hashes, reverification.block, true);
    await saveCursor(tx, {
      network,
      leaderId: ctx.leaderId,
      cursor: rewound,
      blocks: ancestor ? [] : [rewound],
      touched: new Map(),
      reorgDepth: ctx.options.reorgDepth,
      processedAt: nowMs,
    });
  });
  await publishAll(ctx, events);
  return { cursor: rewound, more: true };
}
