import { copyFileSync, cpSync, fsyncSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { fakeHash, insertFakeOrders } from '../../test/helpers/fakeOrders.js';
import { createOrderWriter, PREPARED_CHUNK, WRITE_COLUMNS } from '../orders/createOrderWriter.js';
import { createPgliteDatabase } from './createPgliteDatabase.js';
import type { Database } from './Database.js';
import { migrate } from './migrate.js';

const root = mkdtempSync(join(tmpdir(), 'relayer-durability-'));
const opened: Database[] = [];
afterAll(async () => {
  await Promise.all(opened.map((db) => db.close().catch(() => {})));
  rmSync(root, { recursive: true, force: true });
});

/** `live` opened so that each file it fsyncs is copied, whole, into `disk`: what a power loss keeps. */
function openCopyingOnFsync(live: string, disk: string): Promise<Database> {
  return createPgliteDatabase(live, {
    fsyncFile(fd, path) {
      fsyncSync(fd);
      const target = join(disk, relative(live, path));
      if (statSync(path).isDirectory()) mkdirSync(target, { recursive: true });
      else {
        mkdirSync(dirname(target), { recursive: true });
        copyFileSync(path, target);
      }
    },
  });
}

/**
 * A power loss keeps only what reached the disk: for each file, its content as of its last fsync. The
 * "disk" here is a copy of the data directory that a file joins (in full) only when PostgreSQL fsyncs
 * it; writes that stayed in the page cache are in the live directory only, and are lost with it.
 */
test('a committed row survives a power loss: PGlite fsyncs the WAL before the commit returns', async () => {
  const live = join(root, 'live');
  const disk = join(root, 'disk');
  const setup = await createPgliteDatabase(live);
  await setup.exec('CREATE TABLE acks (n integer PRIMARY KEY)');
  await setup.close();
  // Both start from the cleanly closed cluster (as after a checkpoint everything is on disk).
  cpSync(live, disk, { recursive: true });

  const db = await openCopyingOnFsync(live, disk);
  opened.push(db);
  for (let n = 1; n <= 5; n++) await db.query('INSERT INTO acks (n) VALUES ($1)', [n]);

  // The power goes out now: `db` is never closed, its page cache is gone; the next boot sees `disk`.
  const rebooted = await createPgliteDatabase(disk);
  opened.push(rebooted);
  const rows = await rebooted.query<{ n: number }>('SELECT n FROM acks ORDER BY n');
  expect(rows.map((r) => r.n)).toEqual([1, 2, 3, 4, 5]);
}, 120_000);

test('every order the writer acknowledged survives a power loss: its batch (prepared, in chunks) is fsynced before write() resolves', async () => {
  const live = join(root, 'writer-live');
  const disk = join(root, 'writer-disk');
  const setup = await createPgliteDatabase(live);
  await migrate(setup);
  const [template] = await insertFakeOrders(setup, 'template', [{}]);
  await setup.close();
  cpSync(live, disk, { recursive: true });

  const db = await openCopyingOnFsync(live, disk);
  opened.push(db);
  const base = (
    await db.query<Record<string, unknown>>('SELECT * FROM orders WHERE hash = $1', [template])
  )[0];
  const writer = createOrderWriter(db);
  const acknowledged: string[] = [];
  // Batches of one, of several chunks, and of one chunk: each hash is recorded the moment write() resolves.
  for (const size of [1, PREPARED_CHUNK * 2 + 3, 7]) {
    const hashes = Array.from({ length: size }, (_, i) => fakeHash(`durable-${size}-${i}`));
    await Promise.all(
      hashes.map(async (hash) => {
        const values = WRITE_COLUMNS.map((c) => (c === 'network' ? 'main' : c === 'hash' ? hash : base?.[c]));
        expect(await writer.write({ network: 'main', hash, values })).toBe('inserted');
        acknowledged.push(hash);
      }),
    );
  }

  // The power goes out: the next boot sees only what was fsynced.
  const rebooted = await createPgliteDatabase(disk);
  opened.push(rebooted);
  const stored = await rebooted.query<{ hash: string }>("SELECT hash FROM orders WHERE network = 'main'");
  expect(stored.map((r) => r.hash).sort()).toEqual([...acknowledged].sort());
  expect(acknowledged).toHaveLength(1 + PREPARED_CHUNK * 2 + 3 + 7);
}, 180_000);
