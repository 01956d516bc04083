import { copyFileSync, cpSync, fsyncSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { createPgliteDatabase } from '../../src/db/createPgliteDatabase.js';
import type { Database } from '../../src/db/Database.js';

const root = mkdtempSync(join(tmpdir(), 'relayer-durability-'));
const opened: Database[] = [];
afterAll(async () => {
  await Promise.all(opened.map((db) => db.close().catch(() => {})));
  rmSync(root, { recursive: true, force: true });
});

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

  const db = await createPgliteDatabase(live, {
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
  opened.push(db);
  for (let n = 1; n <= 5; n++) await db.query('INSERT INTO acks (n) VALUES ($1)', [n]);

  // The power goes out now: `db` is never closed, its page cache is gone; the next boot sees `disk`.
  const rebooted = await createPgliteDatabase(disk);
  opened.push(rebooted);
  const rows = await rebooted.query<{ n: number }>('SELECT n FROM acks ORDER BY n');
  expect(rows.map((r) => r.n)).toEqual([1, 2, 3, 4, 5]);
}, 120_000);
