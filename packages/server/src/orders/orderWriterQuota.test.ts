import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAKER_1, MAKER_2 } from '../../test/helpers/fakeAddresses.js';
import { fakeHash, insertFakeOrders } from '../../test/helpers/fakeOrders.js';
import { openTestDatabase } from '../../test/helpers/openTestDatabase.js';
import { engineTest, storageEngines } from '../../test/helpers/storageEngines.js';
import type { Database, Queryable } from '../db/Database.js';
import { createOrderWriter, type NewOrderRow, type OrderWriter, WRITE_COLUMNS } from './createOrderWriter.js';
import { MakerQuotaMemory, type OpenBookView } from './MakerQuotaMemory.js';

// The per-maker quota with acceptance's memory of the read model (PGlite: no other process writes the
// database): a maker the model shows well within the quota is written without a count query; near the
// quota, or when the model is not current, the writer counts in the database, and every refusal rests
// on its count.

const QUOTA = 3;
let db: Database;
let base: Record<string, unknown>;

beforeAll(async () => {
  db = await openTestDatabase();
  const [template] = await insertFakeOrders(db, 'template', [{}]);
  const rows = await db.query<Record<string, unknown>>('SELECT * FROM orders WHERE hash = $1', [template]);
  base = rows[0] ?? {};
});
afterAll(async () => {
  await db.close();
});

/** Counts the statements with a quota count (`count(*)`), and all statements. */
function counting(target: Queryable): Queryable & { counts: number; statements: number } {
  const wrapped = {
    counts: 0,
    statements: 0,
    query: <Row>(sql: string, params?: readonly unknown[]) => {
      wrapped.statements++;
      if (sql.includes('count(*)')) wrapped.counts++;
      return target.query<Row>(sql, params);
    },
  };
  return wrapped;
}

const row = (network: string, maker: string, label: string) => {
  const hash = fakeHash(`${network}:${maker}:${label}`);
  const values = WRITE_COLUMNS.map((column) =>
    column === 'network' ? network : column === 'hash' ? hash : column === 'maker' ? maker : base[column],
  );
  return { network, hash, maker, values };
};

/** A stand-in for the read model's book: what the test says it holds, changed by the test. */
function fakeBook() {
  const orders = new Map<string, string>();
  const view: OpenBookView = {
    get makers() {
      const groups = new Map<string, { size: number }>();
      for (const maker of orders.values()) {
        const group = groups.get(maker) ?? { size: 0 };
        group.size++;
        groups.set(maker, group);
      }
      return groups;
    },
    orders: { has: (hash) => orders.has(hash) },
  };
  return { orders, view };
}

/** A writer behind the memory of `view`, as acceptance writes through it (`writeWithinQuotas`). */
function memoryWriter(target: Queryable, view: () => OpenBookView | undefined): OrderWriter {
  const writer = createOrderWriter(target, { maxOpenPerMaker: QUOTA });
  const memory = new MakerQuotaMemory(view);
  return { write: (r: NewOrderRow) => memory.write(writer, r, QUOTA) };
}

describe('the per-maker quota with the read model as memory', () => {
  it('admits a maker the model shows well within the quota without a count query', async () => {
    const spy = counting(db);
    const book = fakeBook();
    const writer = memoryWriter(spy, () => book.view);
    const first = row('calm', MAKER_1, 'a');
    expect(await writer.write(first)).toBe('inserted');
    book.orders.set(first.hash, MAKER_1);
    expect(await writer.write(row('calm', MAKER_1, 'b'))).toBe('inserted');
    expect(spy.counts).toBe(0);
  });

  it('counts in the database once the maker may reach the quota, and refuses with its count', async () => {
    const spy = counting(db);
    const book = fakeBook();
    const writer = memoryWriter(spy, () => book.view);
    for (const label of ['a', 'b', 'c']) {
      const r = row('full', MAKER_1, label);
      expect(await writer.write(r)).toBe('inserted');
      book.orders.set(r.hash, MAKER_1);
    }
    // Up to the quota itself the model's count suffices.
    expect(spy.counts).toBe(0);
    expect(await writer.write(row('full', MAKER_1, 'd'))).toEqual({ overQuota: QUOTA });
    expect(spy.counts).toBe(1);
    // Another maker is not held up by this one.
    expect(await writer.write(row('full', MAKER_2, 'a'))).toBe('inserted');
    expect(spy.counts).toBe(1);
    // An identical re-post of an open order adds nothing and passes at the limit.
    const again = row('full', MAKER_1, 'a');
    expect(await writer.write(again)).toBe('duplicate');
  });

  it('counts rows it stored that the model does not show yet (their event still on its way)', async () => {
    const spy = counting(db);
    // A model that never hears of the writes: its counts stay 0.
    const book = fakeBook();
    const writer = memoryWriter(spy, () => book.view);
    for (const label of ['a', 'b', 'c'])
      expect(await writer.write(row('lag', MAKER_1, label))).toBe('inserted');
    expect(await writer.write(row('lag', MAKER_1, 'd'))).toEqual({ overQuota: QUOTA });
    expect(spy.counts).toBeGreaterThan(0);
  });

  it('sees a place freed in the database although the model still holds the order', async () => {
    const spy = counting(db);
    const book = fakeBook();
    const writer = memoryWriter(spy, () => book.view);
    const hashes = [];
    for (const label of ['a', 'b', 'c']) {
      const r = row('freed', MAKER_1, label);
      hashes.push(r.hash);
      await writer.write(r);
      book.orders.set(r.hash, MAKER_1);
    }
    // The watcher's cancel, not yet applied to the model: the database's count decides.
    await db.query("UPDATE orders SET state = 'cancelled' WHERE network = 'freed' AND hash = $1", [
      hashes[0],
    ]);
    expect(await writer.write(row('freed', MAKER_1, 'd'))).toBe('inserted');
  });

  it('counts in the database while the model is not current', async () => {
    const spy = counting(db);
    const writer = memoryWriter(spy, () => undefined);
    expect(await writer.write(row('building', MAKER_1, 'a'))).toBe('inserted');
    expect(spy.counts).toBe(1);
  });

  it('admits concurrent submissions of one maker only up to the quota', async () => {
    const book = fakeBook();
    const writer = memoryWriter(db, () => book.view);
    const outcomes = await Promise.all(
      Array.from({ length: 2 * QUOTA }, (_, i) => writer.write(row('burst', MAKER_1, `o${i}`))),
    );
    expect(outcomes.filter((o) => o === 'inserted')).toHaveLength(QUOTA);
    expect(outcomes.filter((o) => typeof o === 'object')).toHaveLength(QUOTA);
    // Later, one at a time, with the model still empty: still refused.
    expect(await writer.write(row('burst', MAKER_1, 'later'))).toEqual({ overQuota: QUOTA });
  });
});

// Without the model's memory and without PGlite's prepared statements (PostgreSQL's path: other instances
// write there), a batch's count and its INSERT are one statement; a batch some maker would take past the
// quota writes nothing in it and is admitted row by row as before. Run on both engines through a plain
// Queryable, so the same SQL is checked on each.
describe.each(storageEngines())('the quota counted in the INSERT statement, $name', (engine) => {
  const it = engineTest(engine);
  let shared: Database;
  beforeAll(async () => {
    if (engine.available) shared = await engine.openMigrated();
  });

  it('writes a batch within the quota in one statement, and refuses past it with the count', async () => {
    const spy = counting(shared);
    const writer = createOrderWriter(spy, { maxOpenPerMaker: QUOTA });
    const outcomes = await Promise.all([
      writer.write(row('one', MAKER_1, 'a')),
      writer.write(row('one', MAKER_1, 'b')),
      writer.write(row('one', MAKER_2, 'a')),
    ]);
    expect(outcomes).toEqual(['inserted', 'inserted', 'inserted']);
    // The columns' types are read once; then the batch is one statement with its count.
    const afterTypes = spy.statements;
    expect(await writer.write(row('one', MAKER_1, 'c'))).toBe('inserted');
    expect(spy.statements - afterTypes).toBe(1);
    expect(spy.counts).toBe(2);
    expect(await writer.write(row('one', MAKER_1, 'd'))).toEqual({ overQuota: QUOTA });
    // An identical re-post of an open order adds nothing and passes at the limit; so does a re-post
    // in a batch that is over the quota.
    expect(await writer.write(row('one', MAKER_1, 'a'))).toBe('duplicate');
    const mixed = await Promise.all([
      writer.write(row('one', MAKER_1, 'b')),
      writer.write(row('one', MAKER_1, 'e')),
      writer.write(row('one', MAKER_2, 'b')),
    ]);
    expect(mixed).toEqual(['duplicate', { overQuota: QUOTA }, 'inserted']);
  });

  it('stores every value of the JSON-fed statements as sent: text, uint256 extremes, bigints, numbers', async () => {
    const writer = createOrderWriter(shared as Queryable, { maxOpenPerMaker: QUOTA });
    const max = ((1n << 256n) - 1n).toString();
    const sent = row('json', MAKER_2, 'exotic');
    const set = (column: (typeof WRITE_COLUMNS)[number], value: unknown) => {
      sent.values[WRITE_COLUMNS.indexOf(column)] = value;
    };
    set('maker_token_symbol', 'Ünï "q" \\ \t✓🎉');
    set('taker_token_symbol', "it's");
    set('maker_token_amount', max);
    set('salt', max);
    set('expires_at', ((1n << 63n) - 1n).toString());
    set('created_at', 1_764_355_200_123n);
    set('updated_at', 1_764_355_200_123);
    set('v', 28);
    expect(await writer.write(sent)).toBe('inserted');
    const [stored] = await shared.query<Record<string, unknown>>(
      `SELECT ${WRITE_COLUMNS.map((c) => `${c}::text AS ${c}`).join(', ')} FROM orders WHERE network = 'json'`,
    );
    expect(stored).toEqual(
      Object.fromEntries(
        WRITE_COLUMNS.map((c, i) => [c, String(sent.values[i] as string | number | bigint)]),
      ),
    );
  });

  it('admits concurrent submissions of one maker only up to the quota, counting rows others wrote', async () => {
    await insertFakeOrders(shared, 'others', [{ maker: MAKER_1 }]);
    const writer = createOrderWriter(shared as Queryable, { maxOpenPerMaker: QUOTA });
    const outcomes = await Promise.all(
      Array.from({ length: 2 * QUOTA }, (_, i) => writer.write(row('others', MAKER_1, `o${i}`))),
    );
    expect(outcomes.filter((o) => o === 'inserted')).toHaveLength(QUOTA - 1);
    expect(outcomes.filter((o) => typeof o === 'object')).toHaveLength(QUOTA + 1);
    expect(outcomes.find((o) => typeof o === 'object')).toEqual({ overQuota: QUOTA });
    // A place freed in the database is found by the next count.
    await shared.query("UPDATE orders SET state = 'cancelled' WHERE network = 'others' AND maker = $1", [
      MAKER_1,
    ]);
    expect(await writer.write(row('others', MAKER_1, 'later'))).toBe('inserted');
  });
});
