import { setTimeout as sleep, setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { publishAll } from './publishAll.js';
import { reverifyOrders } from './reverifyOrders.js';
import type { WatcherContext } from './WatcherContext.js';
import { writeOrderUpdates } from './writeOrderUpdates.js';

/**
 * Orders a pass reads at once. Few, so that the JSON-RPC batches acceptance's reads ride in (and wait
 * for) stay small, and the node's time goes mostly to the requests someone is waiting on.
 */
const PASS_CONCURRENCY = 8;
/** Longest rest between two batches. */
const MAX_REST_MS = 5000;
/** A rest is cut into slices this long, so a stopping watcher is not kept waiting. */
const REST_SLICE_MS = 100;

export interface RevalidationResult {
  /** Live orders whose chain state was read again. */
  checked: number;
  /** Of those, the rows that did not hold: they changed state or amounts. */
  corrected: number;
  /** False when the pass was stopped before the end of the book. */
  complete: boolean;
}

/**
 * One re-validation pass over the whole live book (open and unfunded orders), `batchSize` orders at a
 * time in hash order: each batch is re-read at the latest block and what no longer holds is written
 * and published like any watcher change. Events do not cover every token (fee-on-transfer and rebasing
 * balances, blacklists, balances set without a Transfer event), so this catches what they miss.
 * Each batch commits on its own, and the pass then rests about as long as the batch took, so
 * submissions and reads interleave with it and it takes at most about half of the node's time; the
 * writes never replace a state read at a later block (`writeOrderUpdates`), so it races nothing.
 */
export async function revalidateOrders(
  ctx: WatcherContext,
  batchSize: number,
  shouldContinue: () => boolean = () => true,
): Promise<RevalidationResult> {
  const network = ctx.network.key;
  const result: RevalidationResult = { checked: 0, corrected: 0, complete: false };
  let after = '';
  for (;;) {
    if (!shouldContinue()) return result;
    const rows = await ctx.db.query<{ hash: string }>(
      `SELECT hash FROM orders WHERE network = $1 AND state IN ('open', 'unfunded') AND hash > $2
        ORDER BY hash LIMIT $3`,
      [network, after, batchSize],
    );
    if (rows.length === 0) break;
    const batchStarted = performance.now();
    after = rows[rows.length - 1]?.hash ?? after;
    const block = await ctx.reader.getBlockNumber();
    const reverification = await reverifyOrders(
      ctx,
      ctx.db,
      rows.map((r) => r.hash),
      block,
      { concurrency: PASS_CONCURRENCY },
    );
    const updatedAt = ctx.now();
    const written = await ctx.db.transaction(async (tx) => {
      const stored = await writeOrderUpdates(tx, network, reverification, { updatedAt });
      await ctx.webhooks?.enqueue(tx, network, stored.events, updatedAt);
      return stored;
    });
    await publishAll(ctx, written.events);
    result.checked += rows.length;
    result.corrected += written.updates.length;
    ctx.metrics?.revalidationChecked.inc({ network }, rows.length);
    for (const update of written.updates) {
      ctx.metrics?.revalidationCorrected.inc({ network, state: update.state });
    }
    if (rows.length < batchSize) break;
    // Rest as long as the batch took: a pass uses at most about half of the node's and the event
    // loop's time, whatever the book's size, and what waits behind it gets the rest.
    const restUntil = performance.now() + Math.min(MAX_REST_MS, performance.now() - batchStarted);
    while (performance.now() < restUntil && shouldContinue()) {
      await sleep(Math.min(REST_SLICE_MS, restUntil - performance.now()));
    }
    await yieldToEventLoop();
  }
  result.complete = true;
  return result;
}
