import { type LocalPostgres, postgresUnavailableReason, startPostgres } from '@relayer/devchain';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../../src/db/Database.js';
import { migrate } from '../../src/db/migrate.js';
import { openDatabase } from '../../src/db/openDatabase.js';
import { openTestDatabase } from './openTestDatabase.js';

export interface StorageEngine {
  name: 'pglite' | 'postgres';
  /** False (with a loud warning printed once) when PostgreSQL cannot be had outside CI. */
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
  const reason = postgresUnavailableReason();
  if (reason && process.env.CI) throw new Error(reason);
  if (reason) console.warn(`\n!!! ${reason}\n`);
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

/** A new migrated database of the engine. */
export function openMigrated(engine: StorageEngine): Promise<Database> {
  return engine.openMigrated();
}
