import { type LocalPostgres, startPostgres } from '@relayer/devchain';
import { afterAll, beforeAll, test } from 'vitest';
import type { Database } from '../../src/db/Database.js';
import { migrate } from '../../src/db/migrate.js';
import { openDatabase } from '../../src/db/openDatabase.js';
import { openTestDatabase } from './openTestDatabase.js';
import { postgresMissing } from './postgresMissing.js';
import { standIn } from './standIn.js';

export interface StorageEngine {
  name: 'pglite' | 'postgres';
  /**
   * False (with a loud warning printed once) when PostgreSQL cannot be had outside CI: the engine's
   * tests must then be registered as skipped (`engineTest`), never left out.
   */
  available: boolean;
  /** A new, empty database of this engine (not migrated), closed after the file. */
  open(): Promise<Database>;
  /** A new database of this engine with every migration applied. */
  openMigrated(): Promise<Database>;
  /** A second handle on the database `open()` returned last (another "instance"); PostgreSQL only. */
  openAnother(): Promise<Database>;
}

/**
 * The two storage engines the relayer supports, for `describe.each`: the storage tests run against
 * both. PostgreSQL is a real server (`startPostgres`); without one it is skipped loudly, except in CI
 * where a missing PostgreSQL fails the run.
 */
export function storageEngines(): StorageEngine[] {
  const reason = postgresMissing('The PostgreSQL half of these storage tests');
  const opened: Database[] = [];
  let server: LocalPostgres | undefined;
  let lastUrl: string | undefined;
  let counter = 0;

  beforeAll(async () => {
    if (!reason) server = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    await Promise.all(opened.map((db) => db.close().catch(() => {})));
    await server?.stop();
  });

  const track = (db: Database) => {
    opened.push(db);
    return db;
  };
  return [
    {
      name: 'pglite',
      available: true,
      open: async () => track(await openDatabase({ dataDir: 'memory://' })),
      openMigrated: async () => track(await openTestDatabase()),
      openAnother: () => Promise.reject(new Error('PGlite is one process')),
    },
    {
      name: 'postgres',
      available: !reason,
      async open() {
        if (!server) throw new Error('PostgreSQL did not start');
        counter += 1;
        lastUrl = await server.createDatabase(`t${process.pid}_${counter}`);
        return track(await openDatabase({ url: lastUrl, dataDir: 'unused' }));
      },
      async openMigrated() {
        const db = await this.open();
        await migrate(db);
        return db;
      },
      async openAnother() {
        if (!lastUrl) throw new Error('open() first');
        return track(await openDatabase({ url: lastUrl, dataDir: 'unused' }));
      },
    },
  ];
}

/** `test` where the engine can run, else `test.skip`: its tests are always registered, and reported. */
export function engineTest(engine: StorageEngine): typeof test | typeof test.skip {
  return engine.available ? test : test.skip;
}

/** A new migrated database of the engine. */
export function openMigrated(engine: StorageEngine): Promise<Database> {
  return engine.openMigrated();
}

/**
 * One migrated database of the engine for the tests of the enclosing describe, filled once by `seed`
 * (a large table for the plan tests): `it` skips the tests where the engine is unavailable, `db` stands
 * in for the database inside them.
 */
export function useSeededDatabase(
  engine: StorageEngine,
  seed: (db: Database) => Promise<void>,
  timeoutMs = 120_000,
): { it: typeof test | typeof test.skip; db: Database } {
  let db: Database | undefined;
  beforeAll(async () => {
    if (!engine.available) return;
    db = await engine.openMigrated();
    await seed(db);
  }, timeoutMs);
  return { it: engineTest(engine), db: standIn(() => db, `the ${engine.name} database`) };
}
