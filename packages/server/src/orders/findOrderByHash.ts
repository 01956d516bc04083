import { bytes32Schema, type OrderRecord, RelayerError } from '@relayer/protocol';
import type { Queryable } from '../db/Database.js';
import { findOrder } from './findOrder.js';

/**
 * The order a route's `:hash` parameter names, in any state: a coded 400 naming `orderHash` when the
 * parameter is not a 32-byte hash, a 404 when no order has it.
 */
export async function findOrderByHash(db: Queryable, network: string, rawHash: string): Promise<OrderRecord> {
  const hash = bytes32Schema.safeParse(rawHash);
  if (!hash.success)
    throw new RelayerError('INVALID_ECDSA_OR_HASH', 'is not a 32-byte hex order hash', 'orderHash');
  const order = await findOrder(db, network, hash.data);
  if (!order) throw new RelayerError('ORDER_NOT_FOUND', 'No order with this hash');
  return order;
}
