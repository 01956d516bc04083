import { MAX_UINT256 } from '@relayer/protocol';
import { beforeAll, beforeEach, describe, expect } from 'vitest';
import { fakeHash, insertFakeOrders } from '../../test/helpers/fakeOrders.js';
import { engineTest, openMigrated, storageEngines } from '../../test/helpers/storageEngines.js';
import { createOrderWriter, WRITE_COLUMNS } from '../orders/createOrderWriter.js';
import { findOrder } from '../orders/findOrder.js';
import type { Database } from './Database.js';
import { migrate } from './migrate.js';

const engines = storageEngines();

describe.each(engines)('$name storage', (engine) => {
  const it = engineTest(engine);
  // One migrated database serves the tests that need no fresh one (a PGlite takes seconds to create).
  let shared: Database;
  beforeAll(async () => {
    if (engine.available) shared = await openMigrated(engine);
  });
  beforeEach(async () => {
    if (engine.available) await shared.exec('TRUNCATE orders, tokens, analytics_pageviews');
  });

  it('migrates an empty database once and finds nothing to do the second time', async () => {
    const db = await engine.open();
    const first = await migrate(db);
    expect(first.applied[0]).toBe('001_init.sql');
    const again = await migrate(db);
    expect(again.applied).toEqual([]);
    const versions = await db.query<{ version: number }>(
      'SELECT version FROM schema_migrations ORDER BY version',
    );
    expect(versions.map((v) => Number(v.version))).toEqual(first.applied.map((f) => Number(f.slice(0, 3))));
    const tables = await db.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1",
    );
    expect(tables.map((t) => t.name)).toEqual(
      expect.arrayContaining(['orders', 'tokens', 'analytics_pageviews']),
    );
  });

  it('applies each migration exactly once when instances migrate at the same time', async () => {
    const db = await engine.open();
    const other = engine.name === 'postgres' ? await engine.openAnother() : db;
    const results = await Promise.all([migrate(db), migrate(other), migrate(db)]);
    const applied = results.flatMap((r) => r.applied);
    expect(new Set(applied).size).toBe(applied.length);
    expect(applied).toContain('001_init.sql');
  });

  it('stores uint256 amounts exactly, up to 2^256 - 1', async () => {
    const db = shared;
    const max = MAX_UINT256.toString();
    const [hash] = await insertFakeOrders(db, 'main', [
      {
        makerTokenAmount: max,
        takerTokenAmount: '1',
        makerFee: max,
        takerFee: '123456789012345678901234567890',
        expiration: max,
      },
    ]);
    const order = await findOrder(db, 'main', hash ?? '');
    expect(order?.makerTokenAmount).toBe(max);
    expect(order?.makerFee).toBe(max);
    expect(order?.takerFee).toBe('123456789012345678901234567890');
    expect(order?.expirationUnixTimestampSec).toBe(max);
  });

  it('keeps parameters as data', async () => {
    const db = shared;
    const hostile = "x'); DROP TABLE orders; --";
    await db.query('INSERT INTO analytics_pageviews (path, day, views) VALUES ($1, $2, 1)', [
      hostile,
      '2026-01-01',
    ]);
    const rows = await db.query<{ path: string }>('SELECT path FROM analytics_pageviews');
    expect(rows).toEqual([{ path: hostile }]);
    expect(await db.query('SELECT count(*) AS n FROM orders')).toHaveLength(1);
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    const db = shared;
    const insert = 'INSERT INTO analytics_pageviews (path, day, views) VALUES ($1, $2, 1)';
    await db.transaction(async (tx) => void (await tx.query(insert, ['/kept', '2026-01-01'])));
    await expect(
      db.transaction(async (tx) => {
        await tx.query(insert, ['/dropped', '2026-01-01']);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const rows = await db.query<{ path: string }>('SELECT path FROM analytics_pageviews');
    expect(rows.map((r) => r.path)).toEqual(['/kept']);
  });

  it('delivers NOTIFY payloads to listeners until they unlisten', async () => {
    const db = shared;
    const received: string[] = [];
    const unlisten = await db.listen('relayer_test', (payload) => received.push(payload));
    // A listener that stays: once it has 'two', so would the removed one have.
    const stayed: string[] = [];
    const unlistenStayed = await db.listen('relayer_test', (payload) => stayed.push(payload));
    await db.notify('relayer_test', 'one');
    await expect.poll(() => received).toEqual(['one']);
    await unlisten();
    await db.notify('relayer_test', 'two');
    await expect.poll(() => stayed).toEqual(['one', 'two']);
    expect(received).toEqual(['one']);
    await unlistenStayed();
  });

  it('delivers the NOTIFYs of one notifyAll in the order given', async () => {
    const db = shared;
    const received: string[] = [];
    const unlisten = await db.listen('relayer_test_all', (payload) => received.push(payload));
    const payloads = Array.from({ length: 40 }, (_, i) => `{"p":"${(i * 7) % 40}\\"",\t"q":[]}`);
    await db.notifyAll('relayer_test_all', payloads);
    // With a line break in one, every payload still arrives whole.
    const broken = ['a\nb', '"c"', 'd\\', ''];
    await db.notifyAll('relayer_test_all', broken);
    await db.notifyAll('relayer_test_all', ['']);
    await expect.poll(() => received).toEqual([...payloads, ...broken, '']);
    await unlisten();
  });

  it('grants an advisory lock to one holder at a time', async () => {
    const db = engine.name === 'postgres' ? await openMigrated(engine) : shared;
    const other = engine.name === 'postgres' ? await engine.openAnother() : db;
    const release = await db.tryAdvisoryLock(42);
    expect(release).not.toBeNull();
    expect(await other.tryAdvisoryLock(42)).toBeNull();
    await release?.();
    const again = await other.tryAdvisoryLock(42);
    expect(again).not.toBeNull();
    await again?.();
  });

  it('writes concurrent orders in batches, once per hash, and re-opens an order that left the book', async () => {
    const db = shared;
    const writer = createOrderWriter(db);
    const [template] = await insertFakeOrders(db, 'template', [{}]);
    const rows = await db.query<Record<string, unknown>>(
      'SELECT * FROM orders WHERE network = $1 AND hash = $2',
      ['template', template],
    );
    const base = rows[0] ?? {};
    // The writer's columns, in its order (the table has more, filled by their defaults).
    const values = (hash: string) =>
      WRITE_COLUMNS.map((column) =>
        column === 'network' ? 'main' : column === 'hash' ? hash : base[column],
      );
    const hashes = Array.from({ length: 30 }, (_, i) => fakeHash(`w${i}`));
    const first = await Promise.all(
      [...hashes, hashes[0] ?? ''].map((hash) =>
        writer.write({ network: 'main', hash, values: values(hash) }),
      ),
    );
    expect(first.filter((o) => o === 'inserted')).toHaveLength(30);
    expect(first.filter((o) => o === 'duplicate')).toHaveLength(1);
    expect(
      await writer.write({ network: 'main', hash: hashes[1] ?? '', values: values(hashes[1] ?? '') }),
    ).toBe('duplicate');
    await db.query("UPDATE orders SET state = 'unfunded' WHERE network = 'main' AND hash = $1", [hashes[2]]);
    expect(
      await writer.write({ network: 'main', hash: hashes[2] ?? '', values: values(hashes[2] ?? '') }),
    ).toBe('reopened');
    expect((await findOrder(db, 'main', hashes[2] ?? ''))?.state).toBe('open');
  });

  it('answers DATABASE_UNAVAILABLE once closed, and its ping says so', async () => {
    const db = await openMigrated(engine);
    expect(await db.ping()).toBe(true);
    await db.close();
    expect(await db.ping()).toBe(false);
    await expect(db.query('SELECT 1')).rejects.toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
  });
});
