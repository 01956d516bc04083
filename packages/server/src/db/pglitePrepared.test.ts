import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeHash, insertFakeOrders } from '../../test/helpers/fakeOrders.js';
import { openTestDatabase } from '../../test/helpers/openTestDatabase.js';
import { createOrderWriter, PREPARED_CHUNK, WRITE_COLUMNS } from '../orders/createOrderWriter.js';
import type { Database } from './Database.js';

// PGlite's named prepared statements (`runPrepared`), which the order writer sends its batches through:
// one implicit transaction per call, all or nothing, never inside another caller's transaction, and the
// same rows and outcomes as the plain statement the writer sends PostgreSQL.

let db: Database;
let base: Record<string, unknown>;

beforeAll(async () => {
  db = await openTestDatabase();
  await db.exec('CREATE TABLE prepared_t (n integer PRIMARY KEY, label text)');
  const [template] = await insertFakeOrders(db, 'template', [{}]);
  base =
    (await db.query<Record<string, unknown>>('SELECT * FROM orders WHERE hash = $1', [template]))[0] ?? {};
});
afterAll(async () => {
  await db.close();
});

const insert = (n: number | string, label: string | null = `l${n}`) => ({
  name: 'prepared_t_insert',
  sql: 'INSERT INTO prepared_t (n, label) VALUES ($1, $2) RETURNING n, label',
  params: [n, label],
});

const orderValues = (network: string, hash: string) =>
  WRITE_COLUMNS.map((column) => (column === 'network' ? network : column === 'hash' ? hash : base[column]));

describe('runPrepared (PGlite)', () => {
  it('answers each execution with its rows, typed by the column (a statement parsed once serves later calls)', async () => {
    const first = await db.runPrepared?.<{ n: number; label: string | null }>([insert(1), insert(2, null)]);
    expect(first).toEqual([[{ n: 1, label: 'l1' }], [{ n: 2, label: null }]]);
    const again = await db.runPrepared?.<{ n: number }>([insert('3')]);
    expect(again).toEqual([[{ n: 3, label: 'l3' }]]);
  });

  it('sends text as UTF-8 byte for byte: non-ASCII, NUL-free control characters, empty, long, a bigint', async () => {
    const labels = [
      'Ünïcödé ✓ 🎉',
      '',
      'tab\there\nline\\back"quote\'',
      'é'.repeat(40_000),
      'x'.repeat(70_000),
    ];
    const executions = labels.map((label, i) => insert(-10 - i, label));
    const rows = await db.runPrepared?.<{ n: number; label: string }>([
      ...executions,
      insert(-(2n ** 31n) as never, 'min'),
    ]);
    expect(rows?.map((r) => r[0]?.label)).toEqual([...labels, 'min']);
    expect(rows?.[labels.length]?.[0]?.n).toBe(-(2 ** 31));
    const stored = await db.query<{ label: string; bytes: number }>(
      'SELECT label, octet_length(label) AS bytes FROM prepared_t WHERE n BETWEEN -14 AND -10 ORDER BY n DESC',
    );
    expect(stored.map((r) => r.label)).toEqual(labels);
    expect(stored.map((r) => r.bytes)).toEqual(labels.map((label) => Buffer.byteLength(label)));
  });

  it('commits all of a call or none of it', async () => {
    await expect(db.runPrepared?.([insert(10), insert(11), insert(10)])).rejects.toThrow(/duplicate key/);
    expect(await db.query('SELECT n FROM prepared_t WHERE n >= 10')).toEqual([]);
    // The connection is usable afterwards (the failed transaction ended at its Sync).
    expect(await db.runPrepared?.([insert(10)])).toEqual([[{ n: 10, label: 'l10' }]]);
  });

  it('refuses a name that comes with other SQL, and values it would have to guess a text form for', async () => {
    await expect(db.runPrepared?.([{ ...insert(20), sql: 'SELECT $1::int, $2::text' }])).rejects.toThrow(
      /other SQL/,
    );
    await expect(db.runPrepared?.([insert(21, { a: 1 } as never)])).rejects.toThrow(TypeError);
    expect(await db.query('SELECT n FROM prepared_t WHERE n >= 20')).toEqual([]);
  });

  it('waits for another caller’s transaction instead of running inside it', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = db.transaction(async (tx) => {
      await tx.query('INSERT INTO prepared_t (n, label) VALUES (30, $1)', ['tx']);
      await held;
      throw new Error('rolled back');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const prepared = db.runPrepared?.([insert(31)]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await expect(transaction).rejects.toThrow('rolled back');
    await prepared;
    // Had 31 run inside the transaction, the rollback would have taken it too.
    expect(await db.query('SELECT n FROM prepared_t WHERE n >= 30 ORDER BY n')).toEqual([{ n: 31 }]);
  });

  it('gives the writer the same outcomes over several chunks of one batch, committed together', async () => {
    const writer = createOrderWriter(db);
    const count = PREPARED_CHUNK * 2 + 5;
    const hashes = Array.from({ length: count }, (_, i) => fakeHash(`prep${i}`));
    await db.query(
      `INSERT INTO orders (${WRITE_COLUMNS.join(', ')}) VALUES (${WRITE_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})`,
      orderValues('prep', hashes[3] ?? ''),
    );
    await db.query("UPDATE orders SET state = 'expired' WHERE network = 'prep' AND hash = $1", [hashes[3]]);
    await db.query(
      `INSERT INTO orders (${WRITE_COLUMNS.join(', ')}) VALUES (${WRITE_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})`,
      orderValues('prep', hashes[5] ?? ''),
    );
    const outcomes = await Promise.all(
      hashes.map((hash) => writer.write({ network: 'prep', hash, values: orderValues('prep', hash) })),
    );
    expect(outcomes[3]).toBe('reopened');
    expect(outcomes[5]).toBe('duplicate');
    expect(outcomes.filter((o) => o === 'inserted')).toHaveLength(count - 2);
    const stored = await db.query<{ hash: string; state: string; version: number }>(
      "SELECT hash, state, version FROM orders WHERE network = 'prep' ORDER BY hash",
    );
    expect(stored).toHaveLength(count);
    expect(stored.every((r) => r.state === 'open')).toBe(true);
    expect(stored.find((r) => r.hash === hashes[3])?.version).toBe(2);
    // Every column as the plain statement writes it.
    const row = (
      await db.query<Record<string, unknown>>("SELECT * FROM orders WHERE network = 'prep' AND hash = $1", [
        hashes[count - 1],
      ])
    )[0];
    for (const column of WRITE_COLUMNS) {
      if (column !== 'network' && column !== 'hash') expect(row?.[column], column).toEqual(base[column]);
    }
  });

  it('stores any text the writer is given as it is, through its prepared statements', async () => {
    const writer = createOrderWriter(db);
    const symbols = [
      'a"b',
      'back\\slash\\',
      '{,}',
      'NULL',
      '',
      ' padded ',
      'Ünïcödé ✓ 🎉',
      'tab\there\nline',
      "it's",
    ];
    const symbolColumn = WRITE_COLUMNS.indexOf('maker_token_symbol');
    const written = await Promise.all(
      symbols.map((symbol, i) => {
        const hash = fakeHash(`text${i}`);
        const values = orderValues('text', hash);
        values[symbolColumn] = symbol;
        return writer.write({ network: 'text', hash, values });
      }),
    );
    expect(written.every((outcome) => outcome === 'inserted')).toBe(true);
    const stored = await db.query<{ hash: string; maker_token_symbol: string }>(
      "SELECT hash, maker_token_symbol FROM orders WHERE network = 'text'",
    );
    const byHash = new Map(stored.map((r) => [r.hash, r.maker_token_symbol]));
    expect(symbols.map((_, i) => byHash.get(fakeHash(`text${i}`)))).toEqual(symbols);
    // null goes as SQL NULL (the column refuses it), not as the text 'NULL'.
    const values = orderValues('text', fakeHash('null'));
    values[WRITE_COLUMNS.indexOf('taker')] = null;
    await expect(writer.write({ network: 'text', hash: fakeHash('null'), values })).rejects.toThrow(
      /null value in column "taker"/,
    );
  });

  it('counts the engine’s CPU in runPrepared calls (a part of the process’s), and each call as one batch', async () => {
    const heavy = {
      name: 'prepared_heavy',
      sql: 'SELECT count(*)::int AS n FROM generate_series(1, $1::int)',
      params: [3_000_000],
    };
    const before = db.engineStats?.();
    const processBefore = process.cpuUsage();
    expect(await db.runPrepared?.([heavy, insert(100)])).toEqual([
      [{ n: 3_000_000 }],
      [{ n: 100, label: 'l100' }],
    ]);
    await db.runPrepared?.([insert(101)]);
    const processUsed = process.cpuUsage(processBefore);
    const after = db.engineStats?.();
    if (!before || !after) throw new Error('PGlite counts its engine');
    const engine = after.cpuMicros - before.cpuMicros;
    expect(engine).toBeGreaterThan(0);
    expect(engine).toBeLessThanOrEqual(processUsed.user + processUsed.system);
    expect(after.preparedBatches - before.preparedBatches).toBe(2);
    // Other statements are not counted (they pay nothing for the count).
    await db.query('SELECT count(*) FROM generate_series(1, 1000000)');
    expect(db.engineStats?.()).toEqual(after);
  });

  it('fails every caller of a batch whose chunk fails, and stores none of its rows', async () => {
    const writer = createOrderWriter(db);
    const hashes = Array.from({ length: PREPARED_CHUNK + 3 }, (_, i) => fakeHash(`bad${i}`));
    const writes = hashes.map((hash, i) => {
      const values = orderValues('bad', hash);
      // The last row's state breaks the CHECK constraint: its chunk (the second) fails.
      if (i === hashes.length - 1) values[WRITE_COLUMNS.indexOf('state')] = 'bogus';
      return writer.write({ network: 'bad', hash, values });
    });
    const settled = await Promise.allSettled(writes);
    expect(settled.every((s) => s.status === 'rejected')).toBe(true);
    expect(await db.query("SELECT hash FROM orders WHERE network = 'bad'")).toEqual([]);
  });
});
