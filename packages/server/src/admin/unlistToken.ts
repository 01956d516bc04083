import type { Queryable } from '../db/Database.js';
import { lockToken } from './lockToken.js';
import { removedEvents } from './removedEvents.js';
import type { AdminChange } from './runAudited.js';

/**
 * Unlists a token: it leaves the token lists, new orders with it on either side are refused
 * (TOKEN_UNLISTED), and its open orders leave the book as `unfunded` with reason TOKEN_UNLISTED, each
 * publishing `removed` like any order that leaves it. The chain watcher keeps them out while the token
 * stays unlisted (`reverifyOrders`), and follows their fills and cancels as for any live order.
 */
export async function unlistToken(
  tx: Queryable,
  network: string,
  address: string,
  now: number,
): Promise<AdminChange<{ address: string; symbol: string; ordersRemoved: number }>> {
  const token = await lockToken(tx, network, address);
  await tx.query('UPDATE tokens SET unlisted = true WHERE network = $1 AND address = $2', [network, address]);
  const removed = await tx.query<{ hash: string; maker_token: string; taker_token: string; version: number }>(
    `UPDATE orders SET state = 'unfunded', reason = 'TOKEN_UNLISTED', updated_at = $3, version = version + 1
      WHERE network = $1 AND state = 'open' AND (maker_token = $2 OR taker_token = $2)
      RETURNING hash, maker_token, taker_token, version`,
    [network, address, now],
  );
  const events = removedEvents(network, removed);
  events.push({ type: 'tokensChanged', network });
  return { result: { address, symbol: token.symbol, ordersRemoved: removed.length }, events };
}
