import type { Queryable } from '../db/Database.js';
import type { BookEvents } from '../events/BookEvents.js';

export interface MarkTokenDishonestContext {
  db: Queryable;
  events: Pick<BookEvents, 'publish'>;
  network: string;
  /** Unix ms stored as the orders' `updated_at`. */
  now: () => number;
}

/**
 * Records that an unverified token's transfer lies and takes every open order selling it out of the
 * book: they become `unfunded` (reason TOKEN_TRANSFER_DISHONEST, which re-validation keeps) and each
 * publishes `removed`, as any order that leaves the book. Resolves to the number of orders dropped.
 */
export async function markTokenDishonest(context: MarkTokenDishonestContext, token: string): Promise<number> {
  const { db, network } = context;
  const marked = await db.query<{ address: string }>(
    `UPDATE tokens SET transfer_dishonest = true
      WHERE network = $1 AND address = $2 AND NOT verified RETURNING address`,
    [network, token],
  );
  if (marked.length === 0) return 0;
  const dropped = await db.query<{ hash: string; taker_token: string; version: number }>(
    `UPDATE orders SET state = 'unfunded', reason = 'TOKEN_TRANSFER_DISHONEST', updated_at = $3,
            version = version + 1
      WHERE network = $1 AND maker_token = $2 AND state = 'open'
      RETURNING hash, taker_token, version`,
    [network, token, context.now()],
  );
  for (const row of dropped) {
    await context.events
      .publish({
        type: 'removed',
        network,
        orderHash: row.hash,
        state: 'unfunded',
        makerTokenAddress: token,
        takerTokenAddress: row.taker_token,
        version: Number(row.version),
      })
      .catch(() => {});
  }
  return dropped.length;
}
