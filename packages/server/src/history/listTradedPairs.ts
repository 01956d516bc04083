import type { Queryable } from '../db/Database.js';

/**
 * Every (maker token, taker token) pair the network has a trade of, read as a skip scan of
 * `trades_by_pair` (one index seek per pair), so the cost follows the number of pairs, not of trades.
 */
export async function listTradedPairs(
  db: Queryable,
  network: string,
): Promise<{ makerToken: string; takerToken: string }[]> {
  const rows = await db.query<{ maker_token: string; taker_token: string }>(
    `WITH RECURSIVE pairs AS (
       (SELECT maker_token, taker_token FROM trades WHERE network = $1
         ORDER BY maker_token, taker_token LIMIT 1)
       UNION ALL
       SELECT next.maker_token, next.taker_token FROM pairs, LATERAL (
         SELECT maker_token, taker_token FROM trades
          WHERE network = $1 AND (maker_token, taker_token) > (pairs.maker_token, pairs.taker_token)
          ORDER BY maker_token, taker_token LIMIT 1) AS next
     )
     SELECT maker_token, taker_token FROM pairs`,
    [network],
  );
  return rows.map((row) => ({ makerToken: row.maker_token, takerToken: row.taker_token }));
}
