import type { Queryable } from '../db/Database.js';
import type { Inserted, Pending } from './OrderWriter.js';
import type { OrderWriteStatements } from './OrderWriteStatements.js';
import { rowsJson } from './rowsJson.js';

// The writer's per-maker quota, counted in the database: every refusal rests on its count.

/** The key of a maker's quota: per network. */
const makerKey = (network: string, maker: string) => `${network}:${maker}`;

/** The batch's rows per quoted maker (rows without a maker are not under the quota), by `makerKey`. */
function rowsPerMaker(items: readonly Pending[]): Map<string, { network: string; maker: string; n: number }> {
  const makers = new Map<string, { network: string; maker: string; n: number }>();
  for (const { row } of items) {
    if (row.maker === undefined) continue;
    const key = makerKey(row.network, row.maker);
    const entry = makers.get(key);
    if (entry) entry.n += 1;
    else makers.set(key, { network: row.network, maker: row.maker, n: 1 });
  }
  return makers;
}

/**
 * PostgreSQL's batch in one statement: the same count of each quoted maker's open orders as `overQuota`
 * (same rows, same rule: open + this batch's rows of the maker > quota), and the batch's INSERT only when
 * no maker is crowded, in one snapshot and one round trip. Resolves to the written rows, or to `crowded`
 * when some maker is: then nothing was written and the batch goes through `overQuota` (which admits row
 * by row, re-posts of open orders included) and the plain INSERT.
 */
export async function insertWithinQuota(
  db: Queryable,
  items: Pending[],
  quoted: Pending[],
  max: number,
  statements: OrderWriteStatements,
): Promise<Inserted[] | 'crowded'> {
  await statements.columnTypes();
  const makers = [...rowsPerMaker(quoted).values()];
  const params = [
    rowsJson(items.map(({ row }) => row)),
    makers.map((m) => m.network),
    makers.map((m) => m.maker),
    makers.map((m) => m.n),
    max,
  ];
  const rows = await db.query<Inserted & { crowded: boolean }>(statements.quotaInsert(), params);
  if (rows.some((r) => r.crowded)) return 'crowded';
  return rows;
}

/**
 * The rows of a batch that would take their maker past the quota, each with the maker's open-order
 * count at that point. Counts come from the database (every source address and instance alike), in
 * one query for the whole batch; rows already open are looked up only when some maker is at the limit.
 */
export async function overQuota(db: Queryable, items: Pending[], max: number): Promise<Map<Pending, number>> {
  const refused = new Map<Pending, number>();
  const quoted = items.filter((item) => item.row.maker !== undefined);
  if (quoted.length === 0) return refused;
  const wanted = rowsPerMaker(quoted);
  const makers = [...wanted.values()];
  const counts = await db.query<{ network: string; maker: string; open: number | string }>(
    `SELECT o.network, o.maker, count(*) AS open FROM orders o
      JOIN unnest($1::text[], $2::text[]) AS m(network, maker) ON o.network = m.network AND o.maker = m.maker
      WHERE o.state = 'open' GROUP BY o.network, o.maker`,
    [makers.map((m) => m.network), makers.map((m) => m.maker)],
  );
  const open = new Map(counts.map((r) => [makerKey(r.network, r.maker), Number(r.open)]));
  const crowded = new Set(
    [...wanted].filter(([key, { n }]) => (open.get(key) ?? 0) + n > max).map(([key]) => key),
  );
  if (crowded.size === 0) return refused;
  // An identical re-post of an order that is open already adds nothing: it must pass even at the limit.
  const candidates = quoted.filter((item) => crowded.has(makerKey(item.row.network, item.row.maker ?? '')));
  const alreadyOpen = new Set(
    (
      await db.query<{ network: string; hash: string }>(
        `SELECT o.network, o.hash FROM orders o
          JOIN unnest($1::text[], $2::text[]) AS h(network, hash) ON o.network = h.network AND o.hash = h.hash
          WHERE o.state = 'open'`,
        [candidates.map((item) => item.row.network), candidates.map((item) => item.row.hash)],
      )
    ).map((r) => `${r.network}:${r.hash}`),
  );
  for (const item of candidates) {
    if (alreadyOpen.has(`${item.row.network}:${item.row.hash}`)) continue;
    const key = makerKey(item.row.network, item.row.maker ?? '');
    const count = open.get(key) ?? 0;
    if (count >= max) refused.set(item, count);
    else open.set(key, count + 1);
  }
  return refused;
}

/** The rows of every maker with a row acceptance did not vouch for (one such row and the maker is counted). */
export function unvouched(items: Pending[]): Pending[] {
  const unsure = new Set<string>();
  for (const { row } of items) {
    if (row.maker !== undefined && row.withinQuota !== true) unsure.add(makerKey(row.network, row.maker));
  }
  if (unsure.size === 0) return [];
  return items.filter(({ row }) => row.maker !== undefined && unsure.has(makerKey(row.network, row.maker)));
}
