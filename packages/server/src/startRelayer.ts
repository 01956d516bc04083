import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import packageJson from '../package.json' with { type: 'json' };
import { type AppDeps, buildApp } from './buildApp.js';
import type { Config } from './config.js';
import type { Database } from './db/Database.js';
import { databaseErrorFields } from './db/databaseErrorFields.js';
import { migrate } from './db/migrate.js';
import { openDatabase } from './db/openDatabase.js';
import { configSecrets } from './logging/configSecrets.js';
import { redactUrl } from './logging/redactUrl.js';
import { scrubText } from './logging/scrubSecrets.js';
import { startupLine } from './logging/startupLine.js';

export interface StartRelayerOptions {
  /** Parts of the app's dependencies to replace (the bench's event bus); the database is always opened here. */
  deps?: Partial<Omit<AppDeps, 'db'>>;
  /** Listen on `config.host:config.port` (default); false gets the app ready for `inject` only (tests). */
  listen?: boolean;
}

export interface RunningRelayer {
  app: FastifyInstance;
  db: Database;
  /** Where it listens (with the port chosen when `config.port` is 0); empty when not listening. */
  url: string;
  /** How long each start-up step took, ms (also logged with 'relayer ready'). */
  startup: StartupTimes;
  /**
   * Stops: no new connections, in-flight requests finish, watchers stop; then the database closes, always.
   * Past `config.shutdownTimeoutMs` whatever is still running is abandoned and the database closed anyway
   * (`graceful: false`). Safe to call more than once.
   */
  close(): Promise<{ graceful: boolean }>;
}

export interface StartupTimes {
  /** Opening the database (PGlite: loading the engine and opening its directory). */
  openMs: number;
  migrateMs: number;
  /** buildApp: plugins and routes registered. */
  buildMs: number;
  /**
   * Building the read model of the open book from the database, until it serves: the orders read; their
   * sorts are built afterwards (when first read, and in the background once listening).
   */
  modelMs: number;
  /** Getting ready (each network's node checked) and listening. */
  readyMs: number;
}

/**
 * The one way to start a relayer, used by the server's main, `npm start`, the end-to-end stack and the
 * bench: open the database (PGlite takes its directory's lock), migrate it, build the app, build the
 * read model of the open book, get it ready (which checks each network's node: chain id and contracts)
 * and listen. A failure at any step closes what was opened and throws; the error's message is written
 * for the operator.
 */
export async function startRelayer(
  config: Config,
  options: StartRelayerOptions = {},
): Promise<RunningRelayer> {
  let log: FastifyBaseLogger | undefined;
  let mark = performance.now();
  const lap = () => {
    const now = performance.now();
    const ms = Math.round(now - mark);
    mark = now;
    return ms;
  };
  const db = await openDatabase(config.database, {
    onError: (err) =>
      log?.warn(databaseErrorFields(err, config.database.url ?? ''), 'database connection error'),
  }).catch((error: unknown) => {
    throw databaseError(config, error);
  });
  const startup: StartupTimes = { openMs: lap(), migrateMs: 0, buildMs: 0, modelMs: 0, readyMs: 0 };
  let app: FastifyInstance | undefined;
  try {
    const { applied } = await migrate(db).catch((error: unknown) => {
      throw databaseError(config, error);
    });
    startup.migrateMs = lap();
    app = await buildApp(config, { ...options.deps, db });
    startup.buildMs = lap();
    log = app.log;
    app.log.info({ database: db.kind, migrations: applied }, 'database ready');
    // The open book is built here, before the app gets ready: its onReady hooks run under Fastify's
    // plugin timeout (10 s), which a large book on a slow disk exceeds (1,000,000 orders: tens of
    // seconds). The hook's own start() then finds it built.
    await app.readModel?.start();
    startup.modelMs = lap();
    if (options.listen === false) await app.ready();
    else await app.listen({ host: config.host, port: config.port });
    startup.readyMs = lap();
    // The sorts a rebuild leaves unbuilt are built from here on, between requests (one per turn of the
    // event loop); started earlier, they would hold up the steps above.
    app.readModel?.indexInBackground();
    app.log.info(startup, 'relayer ready');
  } catch (error) {
    await app?.close().catch(() => {});
    await db.close().catch(() => {});
    throw error;
  }
  const running = app;
  const address = running.server.address() as AddressInfo | null;
  const url = address ? `http://${reachableHost(config.host)}:${address.port}` : '';
  const watcher = await running.watcherRoles(STARTUP_ROLE_WAIT_MS);
  running.log.info(
    startupLine(config, { version: packageJson.version, url, metrics: running.metricsAddress(), watcher }),
    'relayer started',
  );
  let closing: Promise<{ graceful: boolean }> | undefined;
  return {
    app: running,
    db,
    url,
    startup,
    close() {
      closing ??= closeAll(running, db, config.shutdownTimeoutMs);
      return closing;
    },
  };
}

/** Longest wait for the watchers' first try at their lock before the start-up line says 'starting'. */
const STARTUP_ROLE_WAIT_MS = 2000;

/**
 * A PostgreSQL failure at start, saying which server (host and port) with its cause, scrubbed of the
 * password: "The database is unavailable" alone names neither. PGlite's errors name their directory.
 */
function databaseError(config: Config, error: unknown): unknown {
  const { url } = config.database;
  if (!url) return error;
  const causes: string[] = [];
  for (let e: unknown = error; e instanceof Error && causes.length < 3; e = e.cause)
    if (e.message && !causes.includes(e.message)) causes.push(e.message);
  const cause = scrubText(causes.join(': ') || String(error), configSecrets(config));
  return new Error(`DATABASE_URL: the database at ${redactUrl(url)} could not be used: ${cause}`, {
    cause: error,
  });
}

async function closeAll(
  app: FastifyInstance,
  db: Database,
  timeoutMs: number,
): Promise<{ graceful: boolean }> {
  const appClosed = await within(
    app.close().catch((err: unknown) => app.log.error({ err }, 'shutdown: closing the app failed')),
    timeoutMs,
  );
  if (!appClosed) {
    app.log.error({ timeoutMs }, 'shutdown timed out: closing the database with requests still in flight');
  }
  // Bounded too: a transaction waiting on a hung dependency would hold PGlite's close for as long.
  const dbClosed = await within(
    db.close().catch((err: unknown) => app.log.error({ err }, 'shutdown: closing the database failed')),
    timeoutMs,
  );
  if (dbClosed) app.log.info('database closed');
  else app.log.error({ timeoutMs }, 'shutdown: the database did not close in time');
  return { graceful: appClosed && dbClosed };
}

/** True when `work` settles within `ms`. */
async function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true as const), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/** An address to reach a server bound to `host` from this machine. */
function reachableHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}
