import type { FastifyInstance } from 'fastify';
import { type AppDeps, buildApp } from '../../src/buildApp.js';
import type { Config } from '../../src/config.js';
import type { Database } from '../../src/db/Database.js';
import { openTestDatabase } from './openTestDatabase.js';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  /** Closes the app, then its database. */
  close(): Promise<void>;
}

/** The relayer app built on a fresh migrated test database, ready for `inject` (or `listen`). */
export async function startTestApp(
  config: Config,
  deps: Partial<Omit<AppDeps, 'db'>> = {},
): Promise<TestApp> {
  const db = await openTestDatabase();
  const app = await buildApp(config, { ...deps, db });
  await app.ready();
  return {
    app,
    db,
    async close() {
      await app.close();
      await db.close();
    },
  };
}
