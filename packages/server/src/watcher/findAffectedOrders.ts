import { type Address, NULL_ADDRESS } from '@relayer/protocol';
import type { Queryable } from '../db/Database.js';
import type { WatchedLogs } from './fetchWatchedLogs.js';

/**
 * The makers and tokens whose events can change a live order (open or unfunded): every maker, each
 * order's maker token, and ZRX and WETH (maker fees; deposits/withdrawals).
 */
export async function loadWatchedAccounts(
  db: Queryable,
  network: string,
  alwaysWatched: readonly Address[],
): Promise<{ makers: Set<Address>; tokens: Set<Address> }> {
  const rows = await db.query<{ maker: Address; maker_token: Address }>(
    `SELECT DISTINCT maker, maker_token FROM orders WHERE network = $1 AND state IN ('open', 'unfunded')`,
    [network],
  );
  const makers = new Set(rows.map((r) => r.maker));
  const tokens = new Set<Address>(alwaysWatched);
  for (const row of rows) tokens.add(row.maker_token);
  return { makers, tokens };
}

/**
 * Orders a range's logs may have changed, each with the first block that touched it: those named by a
 * fill/cancel (any state: an unfunded or margin-expired order can still be filled on chain), and the live
 * orders of a maker whose maker token - or ZRX, when the order charges a maker fee - moved.
 */
export async function findAffectedOrders(
  db: Queryable,
  network: string,
  zrx: Address,
  logs: WatchedLogs,
): Promise<Map<string, bigint>> {
  const affected = new Map<string, bigint>();
  const add = (hash: string, block: bigint) => {
    const seen = affected.get(hash);
    if (seen === undefined || block < seen) affected.set(hash, block);
  };
  if (logs.orders.length > 0) {
    const known = await db.query<{ hash: string }>(
      `SELECT hash FROM orders WHERE network = $1 AND hash = ANY($2::text[])`,
      [network, logs.orders.map((o) => o.hash)],
    );
    const knownSet = new Set(known.map((r) => r.hash));
    for (const { hash, block } of logs.orders) if (knownSet.has(hash)) add(hash, block);
  }
  if (logs.funds.length > 0) {
    const rows = await db.query<{ hash: string; block: string }>(
      `SELECT o.hash, min(t.block)::text AS block
         FROM unnest($2::text[], $3::text[], $4::bigint[]) AS t(maker, token, block)
         JOIN orders o ON o.network = $1 AND o.maker = t.maker
          AND (o.maker_token = t.token OR (t.token = $5 AND o.maker_fee > 0 AND o.fee_recipient <> $6))
        WHERE o.state IN ('open', 'unfunded')
        GROUP BY o.hash`,
      [
        network,
        logs.funds.map((f) => f.maker),
        logs.funds.map((f) => f.token),
        logs.funds.map((f) => f.block.toString()),
        zrx,
        NULL_ADDRESS,
      ],
    );
    for (const row of rows) add(row.hash, BigInt(row.block));
  }
  return affected;
}
