import type { OrderRecord } from '@relayer/protocol';
import type { Queryable } from '../db/Database.js';
import { ORDER_COLUMNS, type OrderRow, rowToOrderRecord } from './rowToOrderRecord.js';

/** One stored order of a network by hash (any state), or undefined. */
export async function findOrder(
  db: Queryable,
  network: string,
  orderHash: string,
): Promise<OrderRecord | undefined> {
  const rows = await db.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM orders WHERE network = $1 AND hash = $2`,
    [network, orderHash.toLowerCase()],
  );
  return rows[0] ? rowToOrderRecord(rows[0]) : undefined;
}
