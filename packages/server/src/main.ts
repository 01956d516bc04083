import { existsSync } from 'node:fs';
import { loadConfig } from './config.js';
import { configSecrets } from './logging/configSecrets.js';
import { scrubText } from './logging/scrubSecrets.js';
import { startRelayer } from './startRelayer.js';

/**
 * `npm run start -w @relayer/server`: configuration from the environment, then `startRelayer`. SIGINT or
 * SIGTERM close it: no new connections, in-flight requests finish (an order is acknowledged only after
 * its INSERT committed, so none is lost), watchers stop, the database closes. A shutdown that takes
 * longer than SHUTDOWN_TIMEOUT_MS still closes the database before exiting, with exit code 1. Further
 * signals during the close are ignored, however many arrive and from wherever.
 */
async function main(): Promise<void> {
  // A local .env fills in what the environment does not set (process.loadEnvFile never overrides).
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig(process.env);
  const relayer = await startRelayer(config).catch((error: unknown) => {
    // Printed for the operator below: scrubbed of the configuration's secrets, as every log line is.
    throw new Error(scrubText(error instanceof Error ? error.message : String(error), configSecrets(config)));
  });
  const { app } = relayer;

  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.info({ signal }, 'already shutting down');
      return;
    }
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const { graceful } = await relayer.close();
    process.exit(graceful ? 0 : 1);
  };
  // `on`, not `once`: a signal to the process group reaches this process and also npm, which passes
  // it on, so a second one follows at once; without a handler it would kill the process mid-close.
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  // Configuration and start-up check errors are written for people; print them without a stack.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
