import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import type { PublicClient } from 'viem';
import { createReadModel } from './book/sync/createReadModel.js';
import { createBookPages } from './browse/createBookPages.js';
import { createMemoryOpenBook } from './browse/createMemoryOpenBook.js';
import { createSqlOpenBook } from './browse/createSqlOpenBook.js';
import { ChainUnavailableError } from './chain/ChainUnavailableError.js';
import { createChainClock } from './chain/createChainClock.js';
import { createNetworkChain } from './chain/createNetworkChain.js';
import type { NodeGuard } from './chain/createNodeGuard.js';
import type { Config } from './config.js';
import { createPgliteMaintenance } from './db/createPgliteMaintenance.js';
import type { Database } from './db/Database.js';
import { frameworkErrorHandler, registerErrorHandlers } from './errors/registerErrorHandlers.js';
import { BookEvents } from './events/BookEvents.js';
import { bridgeBookEvents } from './events/bridgeBookEvents.js';
import { createFeePolicy } from './fees/createFeePolicy.js';
import { loggerOptions } from './logging/loggerOptions.js';
import { createAppMetrics } from './ops/createAppMetrics.js';
import { createMetricsListener } from './ops/createMetricsListener.js';
import { lazyChildLoggerFactory } from './ops/lazyChildLogger.js';
import { registerCompression } from './ops/registerCompression.js';
import { registerRateLimits } from './ops/registerRateLimits.js';
import { registerRequestMetrics } from './ops/registerRequestMetrics.js';
import { registerScrapeGauges } from './ops/registerScrapeGauges.js';
import { registerSecurityHeaders } from './ops/registerSecurityHeaders.js';
import { createBookCache } from './orders/createBookCache.js';
import { createOpenCounts } from './orders/createOpenCounts.js';
import { createOrderWriter } from './orders/createOrderWriter.js';
import { countOrders } from './orders/listOrders.js';
import { MakerQuotaMemory } from './orders/MakerQuotaMemory.js';
import { OpenOrderQuotas } from './orders/OpenOrderQuotas.js';
import { orderFilters } from './orders/orderFilters.js';
import { TransferHonesty } from './orders/TransferHonesty.js';
import { createPriceCache } from './prices/createPriceCache.js';
import { listContractsToPrice } from './prices/listContractsToPrice.js';
import { type HealthTarget, healthRoute } from './routes/healthRoute.js';
import { metricsRoute } from './routes/metricsRoute.js';
import { networkRoutes } from './routes/networkRoutes.js';
import type { AppContext, NetworkContext } from './routes/RouteContext.js';
import { createRegistrySync } from './tokens/createRegistrySync.js';
import { createTokenDirectory } from './tokens/createTokenDirectory.js';
import { createTokenLists } from './tokens/lists/createTokenLists.js';
import { networkListedTokens } from './tokens/lists/networkListedTokens.js';
import { type ChainWatcher, createChainWatcher, type WatcherRole } from './watcher/createChainWatcher.js';
import { createWebhookMetrics } from './webhooks/createWebhookMetrics.js';
import { createWebhookOutbox } from './webhooks/createWebhookOutbox.js';
import { createWebhookWorker } from './webhooks/createWebhookWorker.js';
import type { ResolveHost } from './webhooks/resolveCheckedAddress.js';
import { wsLimits } from './ws/wsLimits.js';

export interface AppDeps {
  db: Database;
  events: BookEvents;
  fetch: typeof fetch;
  /** Unix milliseconds. */
  now: () => number;
  /** Where log lines go (default stdout); tests read them from here. */
  logStream: import('pino').DestinationStream;
  /** Per network key; missing ones are created from the network's rpcUrl. */
  publicClients: Record<string, PublicClient>;
  /**
   * Serve the open book from the in-memory read model (the default). `false` serves the SQL book
   * (`createSqlOpenBook`, the reference): only the benchmark's side-by-side runs and the tests that
   * compare the two ask for that.
   */
  readModel: boolean;
  /** How webhook host names are resolved (the system's resolver unless a test gives its own). */
  resolveHost: ResolveHost;
}

export const DOCS_PREFIX = '/docs';

/** A token list larger than this, or slower than this to fetch, is not read. */
const TOKEN_LIST_LIMITS = { maxBytes: 8 * 1024 * 1024, timeoutMs: 15_000 };

/**
 * The relayer as a Fastify instance, not yet listening, over an open and migrated database (the
 * caller's to close; `startRelayer` does all of it). Every network of `config.networks` is served under
 * its prefix with its own chain client, reader, watcher and book. When the app gets ready it checks each
 * network's node (a wrong chain fails `ready()`), then starts the watchers, price refreshes and the
 * registry import; they stop when it closes.
 */
export async function buildApp(
  config: Config,
  deps: Partial<AppDeps> & Pick<AppDeps, 'db'>,
): Promise<FastifyInstance> {
  const verbose = config.logLevel === 'debug' || config.logLevel === 'trace';
  const app = Fastify({
    logger: loggerOptions(config, deps.logStream),
    // Per-request log lines cost as much as a cached answer; failures are logged by the error handler anyway.
    logController: new LogController({ disableRequestLogging: !verbose }),
    // A request's child logger is made on its first line written: most answers write none.
    childLoggerFactory: lazyChildLoggerFactory,
    bodyLimit: config.orders.bodyLimitBytes,
    trustProxy: config.http.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    frameworkErrors: frameworkErrorHandler,
  });
  const { db } = deps;
  const events = deps.events ?? new BookEvents();
  const now = deps.now ?? Date.now;
  const book =
    deps.readModel === false
      ? undefined
      : createReadModel({ db, events, networks: config.networks.map((n) => n.key), log: app.log });
  const shared: AppContext = {
    config,
    db,
    events,
    tokens: createTokenDirectory(db, now),
    fees: createFeePolicy({ db, defaults: config.fees, now }),
    cache: createBookCache({ maxBytes: config.http.pageCacheBytes }),
    book,
    metrics: createAppMetrics(),
    now,
  };
  // Webhooks are on once the operator allows a host: the watcher queues events, a worker delivers them.
  const webhookMetrics = createWebhookMetrics(shared.metrics.registry, db);
  const webhooksOn = config.webhooks.allowedHosts.length > 0;
  const outbox = webhooksOn
    ? createWebhookOutbox({
        maxQueuedPerMaker: config.webhooks.maxQueuedPerMaker,
        onDropped: (network, count) => webhookMetrics.dropped.inc({ network }, count),
      })
    : undefined;
  const webhookWorker = webhooksOn
    ? createWebhookWorker({
        db,
        config: config.webhooks,
        chainIds: new Map(config.networks.map((n) => [n.key, n.chainId])),
        metrics: webhookMetrics,
        now,
        log: app.log,
        ...(deps.resolveHost ? { resolve: deps.resolveHost } : {}),
      })
    : undefined;
  const maintenance = db.kind === 'pglite' ? createPgliteMaintenance(db, app.log) : undefined;
  const tokenLists =
    config.tokenLists.sources.length > 0
      ? createTokenLists({ ...config.tokenLists, ...TOKEN_LIST_LIMITS, now, log: app.log })
      : undefined;
  await tokenLists?.load();
  const prices = createPriceCache({
    ...config.prices,
    fetch: deps.fetch ?? fetch,
    now,
    log: app.log,
    contracts: (chainIds) => listContractsToPrice(config.networks, shared.tokens, chainIds),
  });

  // Requests are validated by the protocol's zod schemas (for SRA error codes); route schemas only document.
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  // Bodies are application/json only (Fastify's one parser): a text/plain POST is a "simple" cross-site
  // request a browser sends without a CORS preflight, so accepting it would let any page write through its
  // visitors. A JSON string containing the order still serves the web app's raw-order entry.
  app.removeContentTypeParser('text/plain');
  registerErrorHandlers(app);
  registerSecurityHeaders(app);
  registerCompression(app);
  registerRequestMetrics(app, shared.metrics);
  await app.register(cors, {
    origin: config.http.corsOrigins,
    methods: ['GET', 'POST', 'OPTIONS'],
    maxAge: 600,
    // The strict check answers a bare OPTIONS with a plain-text 400; every answer here is a coded body.
    strictPreflight: false,
  });
  registerRateLimits(app);
  if (config.http.docs) await registerDocs(app);
  await app.register(websocket, { options: { maxPayload: wsLimits.maxMessageBytes } });

  const networks: (NetworkContext & { watcher: ChainWatcher | undefined; guard: NodeGuard })[] =
    config.networks.map((network) => {
      const { client, reader, guard } = createNetworkChain(network, {
        client: deps.publicClients?.[network.key],
        log: app.log,
        now,
      });
      // Expiry's clock for this network: acceptance, the watcher and GET /chain share it.
      const clock = createChainClock(now);
      const registrySync = createRegistrySync({
        db,
        network: network.key,
        getRegistryTokens: () => reader.getRegistryTokens(),
        getListedTokens: networkListedTokens({
          lists: tokenLists,
          network,
          readTokenMetadata: reader.readTokenMetadata,
          log: app.log,
        }),
        tokens: shared.tokens,
        now,
        log: app.log,
        events,
      });
      // A registry import that failed while the node was down is done as soon as it is back.
      guard.onUp(() => {
        registrySync
          .sync()
          .catch((err: unknown) => app.log.warn({ err }, 'token registry import failed; retried on demand'));
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
            clock,
            metrics: shared.metrics,
            onTokensChanged: () => shared.tokens.invalidate(network.key),
            ...(outbox ? { webhooks: outbox } : {}),
            log: app.log,
          })
        : undefined;
      const accept = {
        network,
        fees: shared.fees,
        orders: config.orders,
        reader,
        tokens: shared.tokens,
        refreshTokens: async () => {
          await registrySync.syncIfStale();
          // An unknown token may be in the registry this relayer cannot read now: say so, not "unknown".
          if (guard.status().state !== 'up') throw new ChainUnavailableError('token registry');
        },
        writer: createOrderWriter(db, {
          onWritten: (rows) => maintenance?.noteWrites(rows),
          maxOpenPerMaker: config.orders.maxOpenPerMaker,
        }),
        // PGlite: no other process writes this database, so the model bounds a maker's open orders.
        makers: book && db.kind === 'pglite' ? new MakerQuotaMemory((key) => book.bookNow(key)) : undefined,
        transfers: new TransferHonesty({
          reader,
          mark: { db, events, network: network.key, now },
          log: app.log,
        }),
        quotas: new OpenOrderQuotas({
          maxPerUnverifiedToken: config.orders.maxOpenPerUnverifiedToken,
          maxPerNetwork: config.orders.maxOpenPerNetwork,
          openCounts: createOpenCounts(book ? { book } : { db }),
        }),
        db,
        events,
        now,
        clock,
      };
      // The network's one read port; its pages are dropped on its change signal and nowhere else.
      const history = createSqlOpenBook({
        db,
        network: network.key,
        events,
        memo: (key, compute) => pages.memo(key, compute),
      });
      const openBook = book ? createMemoryOpenBook({ model: book, network: network.key, history }) : history;
      const pages = createBookPages(shared.cache, network.key, openBook);
      return { app: shared, network, reader, clock, registrySync, accept, openBook, pages, watcher, guard };
    });
  for (const { watcher, guard, ...context } of networks) {
    await app.register(networkRoutes, {
      ...context,
      prices,
      prefix: context.network.prefix,
      ...(deps.resolveHost ? { resolveHost: deps.resolveHost } : {}),
    });
  }
  const targets: HealthTarget[] = networks.map(({ network, reader, watcher, guard }) => ({
    network,
    reader,
    watcher,
    node: guard,
  }));
  const pagesOf = new Map(networks.map(({ network, pages }) => [network.key, pages]));
  const openOrders = async (network: string) => {
    if (book) return (await book.book(network)).size;
    const { where, params } = orderFilters(network, { state: ['open'] });
    const count = () => countOrders(db, where, params);
    const pages = pagesOf.get(network);
    return pages ? pages.memo(`count:${where}:${JSON.stringify(params)}:`, count) : count();
  };
  await app.register(healthRoute, { db, networks: targets, book, instance: config.instanceName });
  registerScrapeGauges(shared.metrics.registry, {
    db,
    networks: targets,
    prices,
    openOrders,
    analyticsEnabled: config.analytics.enabled,
    now,
  });
  const metricsOptions = { registry: shared.metrics.registry, token: config.metrics.token };
  // An operator surface: on its own (loopback) listener, and on the public port only behind the token.
  if (config.metrics.token !== undefined) await app.register(metricsRoute, metricsOptions);
  const { port: metricsPort } = config.metrics;
  const metricsListener =
    metricsPort === undefined
      ? undefined
      : await createMetricsListener({ ...config.metrics, port: metricsPort }, metricsOptions, {
          ...shared,
          networks: config.networks,
          token: config.admin.token ?? config.metrics.token,
          log: app.log,
        });
  app.decorate('metricsAddress', () => metricsListener?.address() ?? null);
  app.decorate('watcherRoles', async (waitMs: number) => {
    // The first attempt at each lock takes a moment after start: the start-up line waits for it, briefly.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(networks.map(({ watcher }) => watcher?.attempted())),
      new Promise((resolve) => {
        timer = setTimeout(resolve, waitMs);
      }),
    ]);
    clearTimeout(timer);
    return Object.fromEntries(
      networks.map(({ network, watcher }) => [network.key, watcher ? watcher.role() : 'disabled']),
    );
  });
  app.decorate('readModel', book ?? null);
  app.decorate('pageCache', shared.cache);

  // Another instance changed the network's tokens (an operator unlisted one): forget them here too.
  const unsubscribe = events.subscribe((event) => {
    if (event.type === 'tokensChanged') shared.tokens.invalidate(event.network);
  });
  // Changes may have gone unnoticed: the read model is rebuilt (reads wait for it, and its change signal
  // drops the pages), before the WebSocket route's snapshots read it again.
  const unsubscribeResync = events.onResync(() => {
    for (const { key } of config.networks) {
      book?.rebuild(key).catch(() => {});
      shared.tokens.invalidate(key);
    }
  });
  const unbridge = await bridgeBookEvents(db, events, app.log);

  app.addHook('onReady', async () => {
    // Start-up check: a node serving another chain (or none of the contracts) stops the start here; one
    // that does not answer leaves its network serving reads while its guard keeps checking.
    await Promise.all([book?.start(), ...networks.map(({ guard }) => guard.start())]);
    await metricsListener?.listen();
    maintenance?.start();
    prices.start().catch((err: unknown) => app.log.warn({ err }, 'price cache failed to start'));
    for (const { registrySync, watcher } of networks) {
      registrySync
        .sync()
        .catch((err: unknown) => app.log.warn({ err }, 'token registry import failed; retried on demand'));
      watcher?.start();
    }
    webhookWorker?.start();
  });
  app.addHook('onClose', async () => {
    await metricsListener?.close();
    for (const { guard } of networks) guard.stop();
    await Promise.all([...networks.map(({ watcher }) => watcher?.stop()), webhookWorker?.stop()]);
    await maintenance?.stop();
    prices.stop();
    for (const { pages } of networks) pages.stop();
    unsubscribe();
    unsubscribeResync();
    book?.stop();
    await unbridge();
  });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the metrics listener listens once the app is ready; null without one. */
    metricsAddress(): import('node:net').AddressInfo | null;
    /** Per network key, whether this instance's watcher leads ('disabled' without one). */
    watcherRoles(waitMs: number): Promise<Record<string, WatcherRole | 'disabled'>>;
    /** The in-memory open books (tests and the benchmark look inside); null when reads use the database. */
    readModel: import('./book/sync/createReadModel.js').ReadModel | null;
    /** The read answers kept in memory (tests and the benchmark read its byte count). */
    pageCache: import('./orders/createBookCache.js').BookCache;
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
