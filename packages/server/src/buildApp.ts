import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import type { PublicClient } from 'viem';
import { createChainClient } from './chain/createChainClient.js';
import { createChainReader } from './chain/createChainReader.js';
import type { Config } from './config.js';
import { createPgliteMaintenance } from './db/createPgliteMaintenance.js';
import type { Database } from './db/Database.js';
import { migrate } from './db/migrate.js';
import { openDatabase } from './db/openDatabase.js';
import { frameworkErrorHandler, registerErrorHandlers } from './errors/registerErrorHandlers.js';
import { BookEvents } from './events/BookEvents.js';
import { bridgeBookEvents } from './events/bridgeBookEvents.js';
import { createAppMetrics } from './ops/createAppMetrics.js';
import { createMetricsListener } from './ops/createMetricsListener.js';
import { GroupedRateLimitStore } from './ops/GroupedRateLimitStore.js';
import { registerRequestMetrics } from './ops/registerRequestMetrics.js';
import { registerSecurityHeaders } from './ops/registerSecurityHeaders.js';
import { createBookCache } from './orders/createBookCache.js';
import { createOrderWriter } from './orders/createOrderWriter.js';
import { countOrders } from './orders/listOrders.js';
import { orderFilters } from './orders/orderFilters.js';
import { createPriceCache } from './prices/createPriceCache.js';
import { type HealthTarget, healthRoute } from './routes/healthRoute.js';
import { metricsRoute } from './routes/metricsRoute.js';
import { networkRoutes } from './routes/networkRoutes.js';
import type { AppContext, NetworkContext } from './routes/RouteContext.js';
import { createRegistrySync } from './tokens/createRegistrySync.js';
import { createTokenDirectory } from './tokens/createTokenDirectory.js';
import { type ChainWatcher, createChainWatcher } from './watcher/createChainWatcher.js';
import { wsLimits } from './ws/wsLimits.js';

export interface AppDeps {
  db: Database;
  events: BookEvents;
  fetch: typeof fetch;
  /** Unix milliseconds. */
  now: () => number;
  /** Per network key; missing ones are created from the network's rpcUrl. */
  publicClients: Record<string, PublicClient>;
}

export const DOCS_PREFIX = '/docs';

/**
 * The relayer as a Fastify instance, not yet listening. Every network of `config.networks` is served
 * under its prefix with its own chain client, reader, watcher and book. A database passed in `deps` is
 * the caller's (it is neither migrated nor closed here); without one, the configured database is
 * opened, migrated, and closed with the app. Watchers, price refreshes and the registry import start
 * when the app is ready and stop when it closes.
 */
export async function buildApp(config: Config, deps: Partial<AppDeps> = {}): Promise<FastifyInstance> {
  const verbose = config.logLevel === 'debug' || config.logLevel === 'trace';
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], remove: true },
    },
    // Per-request log lines cost as much as a cached answer; failures are logged by the error handler anyway.
    logController: new LogController({ disableRequestLogging: !verbose }),
    bodyLimit: config.orders.bodyLimitBytes,
    trustProxy: config.http.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    frameworkErrors: frameworkErrorHandler,
  });
  const ownsDb = deps.db === undefined;
  const db =
    deps.db ??
    (await openDatabase(config.database, {
      onError: (err) => app.log.warn({ err }, 'database connection error'),
    }));
  if (ownsDb) await migrate(db);
  const events = deps.events ?? new BookEvents();
  const now = deps.now ?? Date.now;
  const shared: AppContext = {
    config,
    db,
    events,
    tokens: createTokenDirectory(db, now),
    cache: createBookCache(),
    metrics: createAppMetrics(),
    now,
  };
  const maintenance = db.kind === 'pglite' ? createPgliteMaintenance(db, app.log) : undefined;
  const prices = createPriceCache({ ...config.prices, fetch: deps.fetch ?? fetch, now, log: app.log });

  // Requests are validated by the protocol's zod schemas (for SRA error codes); route schemas only document.
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  // The raw-order entry may post the order as JSON text.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  registerErrorHandlers(app);
  registerSecurityHeaders(app, DOCS_PREFIX);
  registerRequestMetrics(app, shared.metrics);
  await app.register(cors, {
    origin: config.http.corsOrigins,
    methods: ['GET', 'POST', 'OPTIONS'],
    maxAge: 600,
    // The strict check answers a bare OPTIONS with a plain-text 400; every answer here is a coded body.
    strictPreflight: false,
  });
  await app.register(rateLimit, { global: false, store: GroupedRateLimitStore });
  if (config.http.docs) await registerDocs(app);
  await app.register(websocket, { options: { maxPayload: wsLimits.maxMessageBytes } });

  const networks: (NetworkContext & { watcher: ChainWatcher | undefined })[] = config.networks.map(
    (network) => {
      const client = deps.publicClients?.[network.key] ?? createChainClient(network);
      const reader = createChainReader({
        client,
        addresses: network.addresses,
        ...(network.rpcBatchSize ? { rpcBatchSize: network.rpcBatchSize } : {}),
      });
      const registrySync = createRegistrySync({
        db,
        network: network.key,
        getRegistryTokens: () => reader.getRegistryTokens(),
        tokens: shared.tokens,
        now,
        log: app.log,
      });
      const watcher = config.watcher.enabled
        ? createChainWatcher({
            db,
            network,
            client,
            reader,
            events,
            options: config.watcher,
            expiryMarginSec: config.orders.expiryMarginSec,
            now,
            log: app.log,
          })
        : undefined;
      const accept = {
        network,
        fees: config.fees,
        orders: config.orders,
        reader,
        tokens: shared.tokens,
        refreshTokens: () => registrySync.syncIfStale(),
        writer: createOrderWriter(db, {
          onWritten: (rows) => maintenance?.noteWrites(rows),
          maxOpenPerMaker: config.orders.maxOpenPerMaker,
        }),
        db,
        events,
        now,
      };
      return { app: shared, network, reader, registrySync, accept, watcher };
    },
  );
  for (const { watcher, ...context } of networks) {
    await app.register(networkRoutes, { ...context, prices, prefix: context.network.prefix });
  }
  const targets: HealthTarget[] = networks.map(({ network, reader, watcher }) => ({
    network,
    reader,
    watcher,
  }));
  const openOrders = (network: string) => {
    const { where, params } = orderFilters(network, { state: 'open' });
    return shared.cache.get(network, `count:${where}:${JSON.stringify(params)}:`, () =>
      countOrders(db, where, params),
    );
  };
  await app.register(healthRoute, { db, networks: targets });
  const metricsOptions = {
    db,
    metrics: shared.metrics,
    networks: targets,
    prices,
    openOrders,
    analyticsEnabled: config.analytics.enabled,
    now,
    token: config.metrics.token,
  };
  // An operator surface: on its own (loopback) listener, and on the public port only behind the token.
  if (config.metrics.token !== undefined) await app.register(metricsRoute, metricsOptions);
  const { port: metricsPort } = config.metrics;
  const metricsListener =
    metricsPort === undefined
      ? undefined
      : await createMetricsListener({ ...config.metrics, port: metricsPort }, metricsOptions);
  app.decorate('metricsAddress', () => metricsListener?.address() ?? null);

  const unsubscribe = events.subscribe((event) => shared.cache.invalidate(event.network));
  const unbridge = await bridgeBookEvents(db, events, app.log);

  app.addHook('onReady', async () => {
    await metricsListener?.listen();
    maintenance?.start();
    prices.start().catch((err: unknown) => app.log.warn({ err }, 'price cache failed to start'));
    for (const { registrySync, watcher } of networks) {
      registrySync
        .sync()
        .catch((err: unknown) => app.log.warn({ err }, 'token registry import failed; retried on demand'));
      watcher?.start();
    }
  });
  app.addHook('onClose', async () => {
    await metricsListener?.close();
    await Promise.all(networks.map(({ watcher }) => watcher?.stop()));
    await maintenance?.stop();
    prices.stop();
    unsubscribe();
    await unbridge();
    if (ownsDb) await db.close();
  });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the metrics listener listens once the app is ready; null without one. */
    metricsAddress(): import('node:net').AddressInfo | null;
  }
}

async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Relayer API',
        description:
          'A free and open 0x v1 relayer: its own order/token API and the Standard Relayer API v0. See docs/API.md.',
        version: '0.1.0',
      },
    },
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: true,
    uiConfig: { validatorUrl: null },
  });
}
