import type { Queryable } from '../db/Database.js';
import type { BookEvent } from '../events/BookEvents.js';
import { ORDER_COLUMNS, type OrderRow, rowToOrderRecord } from '../orders/rowToOrderRecord.js';
import { lockToken } from './lockToken.js';
import type { AdminChange } from './runAudited.js';

/**
 * Lists an unlisted token again: the orders its unlisting kept out (reason TOKEN_UNLISTED, their other
 * token listed) return to the book with the amounts the watcher last read, each publishing `added`
 * (without a version, so every read model reads the row). An order that expired or lost its funding
 * meanwhile leaves again at the next expiry sweep or re-validation, as any open order would.
 */
export async function relistToken(
  tx: Queryable,
  network: string,
  address: string,
  now: number,
): Promise<AdminChange<{ address: string; symbol: string; ordersReturned: number }>> {
  const token = await lockToken(tx, network, address);
  await tx.query('UPDATE tokens SET unlisted = false WHERE network = $1 AND address = $2', [
    network,
    address,
  ]);
  const returned = await tx.query<OrderRow>(
    `UPDATE orders o SET state = 'open', reason = NULL, updated_at = $3, version = o.version + 1
      WHERE o.network = $1 AND o.state = 'unfunded' AND o.reason = 'TOKEN_UNLISTED'
        AND (o.maker_token = $2 OR o.taker_token = $2)
        AND NOT EXISTS (SELECT 1 FROM tokens t WHERE t.network = o.network AND t.unlisted
                          AND t.address IN (o.maker_token, o.taker_token))
      RETURNING ${ORDER_COLUMNS}`,
    [network, address, now],
  );
  const events: BookEvent[] = returned.map((row) => ({
    type: 'added',
    network,
    order: rowToOrderRecord(row),
  }));
  events.push({ type: 'tokensChanged', network });
  return { result: { address, symbol: token.symbol, ordersReturned: returned.length }, events };
}
