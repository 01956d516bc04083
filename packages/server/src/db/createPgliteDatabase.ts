import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable } from './Database.js';
import { DatabaseUnavailableError, rethrowDatabaseError } from './DatabaseUnavailableError.js';

/**
 * The embedded database: PGlite in `dataDir` ('memory://' for tests). It is one connection in this
 * process, so LISTEN/NOTIFY reach only this process (which is all there is) and advisory locks are an
 * in-process set: only one process can open a PGlite directory anyway.
 */
export async function createPgliteDatabase(
  dataDir: string,
  options: { loadDataDir?: Blob } = {},
): Promise<Database> {
  if (!dataDir.includes('://')) await mkdir(dataDir, { recursive: true });
  // `loadDataDir` starts from a dumped cluster instead of running initdb (tests keep a migrated template).
  const pg = await PGlite.create(dataDir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  const heldLocks = new Set<number>();
  let closed = false;

  const guard = async <T>(run: () => Promise<T>): Promise<T> => {
    if (closed) throw new DatabaseUnavailableError();
    try {
      return await run();
    } catch (error) {
      return rethrowDatabaseError(error);
    }
  };
  const queryable = (target: Pick<PGlite, 'query'>): Queryable => ({
    query: <Row>(sql: string, params?: readonly unknown[]) =>
      guard(async () => (await target.query<Row>(sql, params ? [...params] : undefined)).rows),
  });

  return {
    kind: 'pglite',
    ...queryable(pg),
    exec: (sql) => guard(async () => void (await pg.exec(sql))),
    transaction: (fn) => guard(() => pg.transaction((tx) => fn(queryable(tx)))),
    listen: (channel, onPayload) =>
      guard(async () => {
        const unlisten = await pg.listen(channel, onPayload);
        return async () => {
          if (!closed) await unlisten();
        };
      }),
    notify: (channel, payload) =>
      guard(async () => void (await pg.query('SELECT pg_notify($1, $2)', [channel, payload]))),
    async tryAdvisoryLock(key) {
      if (closed) throw new DatabaseUnavailableError();
      if (heldLocks.has(key)) return null;
      heldLocks.add(key);
      return async () => void heldLocks.delete(key);
    },
    async ping() {
      if (closed) return false;
      try {
        await pg.query('SELECT 1');
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pg.close();
    },
  };
}
