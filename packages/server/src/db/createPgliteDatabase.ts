import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createDatabaseBase } from './createDatabaseBase.js';
import type { Database } from './Database.js';
import { DatabaseUnavailableError } from './DatabaseUnavailableError.js';
import { DurableNodeFS, type FsyncFile } from './DurableNodeFS.js';
import { fsyncTree } from './fsyncTree.js';
import { type DataDirLock, lockDataDir } from './lockDataDir.js';

export interface PgliteOptions {
  /** Start from a dumped cluster instead of running initdb (tests keep a migrated template); memory only. */
  loadDataDir?: Blob;
  /** How a file is forced to disk (tests observe it to simulate a power loss). */
  fsyncFile?: FsyncFile;
}

/**
 * PostgreSQL's start parameters on disk: PGlite's defaults without `-F` (fsync off), and the WAL flushed
 * with fsync() at every commit (the default, fdatasync(), is a stub in PGlite's Emscripten build).
 */
const DURABLE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'fsync=on',
  '-c',
  'wal_sync_method=fsync',
];

/**
 * The embedded database: PGlite in `dataDir` ('memory://' for tests). It is one connection in this
 * process, so LISTEN/NOTIFY reach only this process (which is all there is) and advisory locks are an
 * in-process set. On disk it is durable (a committed transaction survives an OS crash or power loss,
 * see DurableNodeFS) and this process's alone: the directory is locked first (`lockDataDir`), and a
 * second process fails with DataDirLockedError before PGlite touches anything.
 */
export async function createPgliteDatabase(dataDir: string, options: PgliteOptions = {}): Promise<Database> {
  const onDisk = !dataDir.includes('://');
  let lock: DataDirLock | undefined;
  let pg: PGlite;
  if (onDisk) {
    const dir = resolve(dataDir);
    await mkdir(dir, { recursive: true });
    lock = await lockDataDir(dir);
    try {
      const fresh = !existsSync(join(dir, 'PG_VERSION'));
      pg = await PGlite.create({
        fs: new DurableNodeFS(dir, options.fsyncFile),
        startParams: DURABLE_START_PARAMS,
      });
      if (fresh) fsyncTree(dir);
    } catch (error) {
      await lock.release();
      throw error;
    }
  } else {
    pg = await PGlite.create(dataDir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  }
  const heldLocks = new Set<number>();
  const { guard, isClosed, queryable, common } = createDatabaseBase(pg, async () => {
    try {
      await pg.close();
    } finally {
      await lock?.release();
    }
  });

  return {
    kind: 'pglite',
    ...common,
    exec: (sql) => guard(async () => void (await pg.exec(sql))),
    transaction: (fn) => guard(() => pg.transaction((tx) => fn(queryable(tx)))),
    listen: (channel, onPayload) =>
      guard(async () => {
        const unlisten = await pg.listen(channel, onPayload);
        return async () => {
          if (!isClosed()) await unlisten();
        };
      }),
    async tryAdvisoryLock(key) {
      if (isClosed()) throw new DatabaseUnavailableError();
      if (heldLocks.has(key)) return null;
      heldLocks.add(key);
      return async () => void heldLocks.delete(key);
    },
  };
}
