import type { Queryable } from '../db/Database.js';
import { removedEvents } from './removedEvents.js';
import type { AdminChange } from './runAudited.js';

/**
 * Takes every live order of a maker out of the book for good: open and unfunded ones become `unfunded`
 * with reason REMOVED_BY_OPERATOR, which the chain watcher keeps however well funded they read
 * (`reverifyOrders`); those that were open publish `removed`. The rows stay, so the maker's history
 * shows them. Orders the maker posts afterwards are taken as any others.
 */
export async function removeMakerOrders(
  tx: Queryable,
  network: string,
  maker: string,
  now: number,
): Promise<AdminChange<{ maker: string; ordersRemoved: number; unfundedMarked: number }>> {
  const rows = await tx.query<{
    hash: string;
    maker_token: string;
    taker_token: string;
    version: number;
    was: string;
  }>(
    `WITH live AS (
       SELECT hash, state FROM orders
        WHERE network = $1 AND maker = $2 AND state IN ('open', 'unfunded') FOR UPDATE)
     UPDATE orders o SET state = 'unfunded', reason = 'REMOVED_BY_OPERATOR', updated_at = $3,
            version = o.version + 1
       FROM live WHERE o.network = $1 AND o.hash = live.hash
     RETURNING o.hash, o.maker_token, o.taker_token, o.version, live.state AS was`,
    [network, maker, now],
  );
  const removed = rows.filter((row) => row.was === 'open');
  const events = removedEvents(network, removed);
  return {
    result: { maker, ordersRemoved: removed.length, unfundedMarked: rows.length - removed.length },
    events,
  };
}
