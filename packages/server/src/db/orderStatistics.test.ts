import { expect, it } from 'vitest';
import { insertFakeOrders } from '../../test/helpers/fakeOrders.js';
import { useTestDatabase } from '../../test/helpers/useTestDatabase.js';

// Migration 008: the planner statistics of `orders` cover only what the queries left on the database
// filter, join or sort by, coarsely (docs/RELIABILITY.md, "PGlite's planner statistics"), so the ANALYZE
// that PGlite's maintenance runs on the event loop stays cheap.

const db = useTestDatabase();

const targets = async () =>
  new Map(
    (
      await db.query<{ name: string; target: number | null }>(
        `SELECT attname AS name, attstattarget AS target FROM pg_attribute
          WHERE attrelid = 'orders'::regclass AND attnum > 0 AND NOT attisdropped`,
      )
    ).map((r) => [r.name, r.target === null || r.target < 0 ? undefined : Number(r.target)]),
  );

it('gives every column of orders its own statistics target: a new column has to choose one', async () => {
  const missing = [...(await targets())].filter(([, target]) => target === undefined).map(([name]) => name);
  expect(missing).toEqual([]);
});

it('keeps statistics on every column an index of orders reads, except the unique hash', async () => {
  const indexed = await db.query<{ name: string; index: string }>(
    `SELECT DISTINCT a.attname AS name, c.relname AS index FROM pg_index i
       JOIN pg_class c ON c.oid = i.indexrelid
       JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
      WHERE i.indrelid = 'orders'::regclass`,
  );
  const byName = await targets();
  const without = indexed.filter(({ name }) => name !== 'hash' && !byName.get(name));
  expect(without).toEqual([]);
  // Partial indexes' predicates read state.
  expect(byName.get('state')).toBeGreaterThan(0);
});

it('ANALYZE builds coarse statistics for those columns and none for the others', async () => {
  await insertFakeOrders(
    db,
    'stats',
    Array.from({ length: 300 }, (_, i) => ({ makerTokenAmount: String(1000 + i), createdAt: 1_000_000 + i })),
  );
  await db.exec('ANALYZE orders');
  const stats = await db.query<{ name: string; bounds: number | null }>(
    `SELECT attname AS name, array_length(histogram_bounds::text::text[], 1) AS bounds
       FROM pg_stats WHERE tablename = 'orders'`,
  );
  const names = new Set(stats.map((s) => s.name));
  expect(names.has('created_at')).toBe(true);
  expect(names.has('r')).toBe(false);
  expect(names.has('salt')).toBe(false);
  // Target 10: at most 11 histogram bounds (the default 100 would give up to 101).
  expect(stats.find((s) => s.name === 'created_at')?.bounds).toBeLessThanOrEqual(11);
});
