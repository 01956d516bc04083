import type { Queryable } from '../db/Database.js';
import type { OrderEvent, RowEvent } from '../events/BookEvents.js';
import type { OrderUpdate, Reverification } from './reverifyOrders.js';

export interface WriteOptions {
  /** Unix ms stored as `updated_at`. */
  updatedAt: number;
  /**
   * Overwrite rows whatever block they were last validated at (a re-org rewinds them to the common
   * ancestor). Otherwise a row already validated at a later block than this re-read keeps its state:
   * re-reads at different blocks (the watcher's range, the re-validation sweep, acceptance) may finish
   * in any order, and the newest chain state must win.
   */
  force?: boolean;
}

export interface Written {
  /** The rows written, each with its new state. */
  updates: OrderUpdate[];
  /**
   * Their book events, each with the row's new version, to publish once the transaction committed; and
   * a `changed` event naming the rows written without one (what an open order's maker lacks, an
   * unfunded order's reason or its closing), which no channel announces but the read models and the
   * page caches must learn.
   */
  events: (OrderEvent | RowEvent)[];
}

/**
 * Stores a re-verification's changed rows in one statement (inside the caller's transaction), each with
 * the block it was read at and a new version, and returns those actually written with their events.
 */
export async function writeOrderUpdates(
  tx: Queryable,
  network: string,
  reverification: Reverification,
  options: WriteOptions,
): Promise<Written> {
  const { updates, events, block } = reverification;
  if (updates.length === 0) return { updates: [], events: [] };
  const written = await tx.query<{ hash: string; version: number }>(
    `UPDATE orders o
        SET state = u.state, filled_taker = u.filled, cancelled_taker = u.cancelled,
            fillable_taker = u.fillable_taker, fillable_maker = u.fillable_maker, updated_at = $7,
            validated_block = $9, reason = u.reason, shortfalls = u.shortfalls, version = o.version + 1
       FROM unnest($2::text[], $3::text[], $4::numeric[], $5::numeric[], $6::numeric[], $8::numeric[],
                   $11::text[], $12::text[])
            AS u(hash, state, filled, cancelled, fillable_taker, fillable_maker, reason, shortfalls)
      WHERE o.network = $1 AND o.hash = u.hash AND ($10 OR o.validated_block <= $9)
      RETURNING o.hash, o.version`,
    [
      network,
      updates.map((u) => u.hash),
      updates.map((u) => u.state),
      updates.map((u) => u.filledTaker),
      updates.map((u) => u.cancelledTaker),
      updates.map((u) => u.fillableTaker),
      options.updatedAt,
      updates.map((u) => u.fillableMaker),
      block.toString(),
      options.force === true,
      updates.map((u) => u.reason),
      updates.map((u) => u.shortfalls),
    ],
  );
  const versions = new Map(written.map((r) => [r.hash, Number(r.version)]));
  const published: (OrderEvent | RowEvent)[] = [];
  const announced = new Set<string>();
  for (const event of events) {
    const version = event.type === 'added' ? undefined : versions.get(event.orderHash);
    if (event.type === 'added' || version === undefined) continue;
    published.push({ ...event, version });
    announced.add(event.orderHash);
  }
  const stored = updates.filter((u) => versions.has(u.hash));
  // Every row written without an announcement is named: an open order's shortfalls, an unfunded one's
  // reason or its closing; the pages of every instance read them.
  const quiet = stored.filter((u) => !announced.has(u.hash)).map((u) => u.hash);
  if (quiet.length > 0) published.push({ type: 'changed', network, orderHashes: quiet });
  return { updates: stored, events: published };
}

/**
 * Records that these orders' stored state holds through `block` (the watcher applied every log up to it
 * with the orders in view, or re-read them), so they are not re-checked again. Never moves a row back
 * to an older block unless `force` (a re-org rewound them to the common ancestor).
 */
export async function markValidated(
  tx: Queryable,
  network: string,
  hashes: readonly string[],
  block: bigint,
  force = false,
): Promise<void> {
  if (hashes.length === 0) return;
  await tx.query(
    `UPDATE orders SET validated_block = $3
      WHERE network = $1 AND hash = ANY($2::text[]) AND ($4 OR validated_block < $3)`,
    [network, hashes, block.toString(), force],
  );
}
