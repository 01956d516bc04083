import { existsSync } from 'node:fs';
import { buildApp } from './buildApp.js';
import { loadConfig } from './config.js';
import { migrate } from './db/migrate.js';
import { openDatabase } from './db/openDatabase.js';

/** Longest a graceful shutdown may take before the process gives up and exits. */
const SHUTDOWN_TIMEOUT_MS = 15_000;

/**
 * `npm run start -w @relayer/server`: configuration from the environment, database opened and migrated,
 * app listening. SIGINT/SIGTERM close the app (no new connections, in-flight requests finish - an order
 * is acknowledged only after its INSERT committed, so none is lost - watchers stop) and then the database.
 */
async function main(): Promise<void> {
  // A local .env fills in what the environment does not set (process.loadEnvFile never overrides).
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig(process.env);
  const db = await openDatabase(config.database);
  const { applied } = await migrate(db);
  const app = await buildApp(config, { db });
  app.log.info({ database: db.kind, migrations: applied }, 'database ready');

  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    force.unref();
    try {
      await app.close();
      await db.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    { networks: config.networks.map((n) => ({ key: n.key, prefix: n.prefix, chainId: n.chainId })) },
    'relayer listening',
  );
}

main().catch((error: unknown) => {
  // Configuration errors are written for people; print them without a stack.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
