import { type LocalPostgres, startPostgres } from '@relayer/devchain';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../../src/db/Database.js';
import { migrate } from '../../src/db/migrate.js';
import { openDatabase } from '../../src/db/openDatabase.js';

export interface SharedPostgres {
  /** The database's connection URL (valid once the tests run). */
  url(): string;
  /** A new handle (its own pool), as another relayer instance would open; closed after the tests. */
  open(): Promise<Database>;
}

/**
 * One migrated PostgreSQL database that several instances share, for the tests of the enclosing describe:
 * the server starts before them; every handle is closed and the server stopped after them.
 */
export function useSharedPostgres(): SharedPostgres {
  let postgres: LocalPostgres | undefined;
  const databases: Database[] = [];
  const url = () => {
    if (!postgres) throw new Error('PostgreSQL is not started yet');
    return postgres.url;
  };
  const open = async () => {
    const db = await openDatabase({ url: url(), dataDir: 'unused' });
    databases.push(db);
    return db;
  };
  beforeAll(async () => {
    postgres = await startPostgres();
    await migrate(await open());
  }, 60_000);
  afterAll(async () => {
    await Promise.all(databases.map((db) => db.close()));
    await postgres?.stop();
  });
  return { url, open };
}
