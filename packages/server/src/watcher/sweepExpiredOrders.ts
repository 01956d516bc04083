import type { Address } from '@relayer/protocol';
import type { BookEvent } from '../events/BookEvents.js';
import { publishAll } from './publishAll.js';
import type { WatcherContext } from './WatcherContext.js';

/**
 * Marks live orders expired (a new version of each row) once `expires_at <= now + margin` (the acceptance rule of
 * `computeOrderState`), where now is the chain clock: the later of the server's clock and the latest
 * block's timestamp. Open ones publish `removed`; unfunded ones were not listed and just stop being
 * re-verified. Needs only the database, so it keeps running while the node is down.
 */
export async function sweepExpiredOrders(ctx: WatcherContext): Promise<number> {
  const nowMs = ctx.now();
  const limit = Math.floor(ctx.clock.now() / 1000) + ctx.expiryMarginSec;
  const network = ctx.network.key;
  // Two statements so the open sweep uses the partial index orders_open_expires_at.
  const expired = await ctx.db.query<{
    hash: string;
    maker_token: Address;
    taker_token: Address;
    version: number;
  }>(
    `UPDATE orders SET state = 'expired', updated_at = $3, version = version + 1
      WHERE network = $1 AND state = 'open' AND expires_at <= $2
      RETURNING hash, maker_token, taker_token, version`,
    [network, limit, nowMs],
  );
  await ctx.db.query(
    `UPDATE orders SET state = 'expired', updated_at = $3, version = version + 1
      WHERE network = $1 AND state = 'unfunded' AND expires_at <= $2`,
    [network, limit, nowMs],
  );
  const events: BookEvent[] = expired.map((row) => ({
    type: 'removed',
    network,
    orderHash: row.hash,
    state: 'expired',
    makerTokenAddress: row.maker_token,
    takerTokenAddress: row.taker_token,
    version: Number(row.version),
  }));
  await publishAll(ctx, events);
  return expired.length;
}
