import type { Queryable } from '../db/Database.js';
import type { OrderUpdate } from './reverifyOrders.js';

/** Stores re-verified order rows in one statement (inside the caller's transaction). */
export async function writeOrderUpdates(
  tx: Queryable,
  network: string,
  updates: readonly OrderUpdate[],
  updatedAt: number,
): Promise<void> {
  if (updates.length === 0) return;
  await tx.query(
    `UPDATE orders o
        SET state = u.state, filled_taker = u.filled, cancelled_taker = u.cancelled,
            fillable_taker = u.fillable_taker, fillable_maker = u.fillable_maker, updated_at = $7
       FROM unnest($2::text[], $3::text[], $4::numeric[], $5::numeric[], $6::numeric[], $8::numeric[])
            AS u(hash, state, filled, cancelled, fillable_taker, fillable_maker)
      WHERE o.network = $1 AND o.hash = u.hash`,
    [
      network,
      updates.map((u) => u.hash),
      updates.map((u) => u.state),
      updates.map((u) => u.filledTaker),
      updates.map((u) => u.cancelledTaker),
      updates.map((u) => u.fillableTaker),
      updatedAt,
      updates.map((u) => u.fillableMaker),
    ],
  );
}
