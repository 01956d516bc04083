import type { FastifyPluginAsync } from 'fastify';
import type { PriceCache } from '../prices/createPriceCache.js';
import { createSortInputs } from '../prices/createSortInputs.js';
import { quoteRoute } from '../quote/quoteRoute.js';
import type { ResolveHost } from '../webhooks/resolveCheckedAddress.js';
import { websocketRoute } from '../ws/websocketRoute.js';
import { analyticsRoute } from './analyticsRoute.js';
import { chainRoute } from './chainRoute.js';
import { configRoute } from './configRoute.js';
import { historyRoutes } from './historyRoutes.js';
import { orderRoutes } from './orderRoutes.js';
import type { NetworkContext } from './RouteContext.js';
import { rateLimits } from './rateLimits.js';
import { ratesRoute } from './ratesRoute.js';
import { sraReadRoutes } from './sra/sraReadRoutes.js';
import { sraWriteRoutes } from './sra/sraWriteRoutes.js';
import { tokenRoutes } from './tokenRoutes.js';
import { tradeRoutes } from './tradeRoutes.js';
import { webhookRoutes } from './webhookRoutes.js';

export type NetworkRoutesOptions = NetworkContext & {
  prices: Pick<PriceCache, 'get'>;
  /** How webhook host names are resolved (tests give their own). */
  resolveHost?: ResolveHost;
};

/** Everything one network serves under its prefix ('' main, '/kovan' test): app API, SRA v0, WebSocket, rates. */
export const networkRoutes: FastifyPluginAsync<NetworkRoutesOptions> = async (app, options) => {
  // Fastify hands the plugin its own register options, `prefix` included: keep that out of the children's.
  const {
    prices,
    resolveHost,
    prefix: _prefix,
    ...context
  } = options as NetworkRoutesOptions & { prefix?: string };
  const { app: shared, network } = context;
  await app.register(orderRoutes, {
    ...context,
    sortInputs: createSortInputs(prices, shared.tokens, network),
  });
  await app.register(tokenRoutes, context);
  await app.register(configRoute, context);
  await app.register(chainRoute, context);
  await app.register(analyticsRoute, context);
  await app.register(tradeRoutes, context);
  await app.register(quoteRoute, context);
  await app.register(historyRoutes, context);
  await app.register(webhookRoutes, { ...context, ...(resolveHost ? { resolveHost } : {}) });
  await app.register(sraReadRoutes, { ...context, prefix: '/v0' });
  await app.register(sraWriteRoutes, { ...context, prefix: '/v0' });
  await app.register(websocketRoute, {
    db: shared.db,
    network,
    events: shared.events,
    book: shared.book,
    tokens: shared.tokens,
  });
  await app.register(ratesRoute, {
    prices,
    tokens: shared.tokens,
    network,
    limit: rateLimits(shared.config.http).read,
  });
};
