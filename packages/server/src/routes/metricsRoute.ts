import { createHash, timingSafeEqual } from 'node:crypto';
import { RelayerError } from '@relayer/protocol';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Database } from '../db/Database.js';
import type { GaugeSample, Metrics } from '../ops/createMetrics.js';
import type { PriceCache } from '../prices/createPriceCache.js';
import type { HealthTarget } from './healthRoute.js';

export interface MetricsRouteOptions {
  db: Database;
  metrics: Metrics;
  networks: readonly HealthTarget[];
  prices: Pick<PriceCache, 'get'>;
  /** Open orders of a network (the cached count the order list uses). */
  openOrders: (network: string) => Promise<number>;
  analyticsEnabled: boolean;
  now: () => number;
  /** When set, a scrape must send `Authorization: Bearer <token>`. */
  token?: string | undefined;
}

/** Distinct pageview paths exported; the rest are summed into `path="other"`. */
const MAX_PAGEVIEW_PATHS = 100;

/**
 * `GET /metrics`: Prometheus text. Counters (requests, orders accepted/refused, tokens) accumulate in
 * this process; gauges (open orders, watcher lag, price age, pageviews) are read at scrape time. An
 * operator surface: buildApp serves it on the metrics listener and, only with a configured token, on the
 * public one. It never carries CORS headers, so no web page elsewhere can read it.
 */
export const metricsRoute: FastifyPluginAsync<MetricsRouteOptions> = async (app, options) => {
  const expected = options.token === undefined ? undefined : digest(options.token);
  app.get(
    '/metrics',
    {
      config: { cors: false },
      schema: { tags: ['operations'], summary: 'Prometheus metrics (operators only)' },
      onRequest: async (request, reply) => {
        if (expected === undefined || bearerMatches(request, expected)) return;
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new RelayerError('UNAUTHORIZED', 'Metrics need the configured bearer token');
      },
    },
    async (_request, reply) => {
      const samples: GaugeSample[] = [];
      for (const { network, watcher } of options.networks) {
        const labels = { network: network.key };
        samples.push({
          name: 'relayer_open_orders',
          help: 'Open orders in the book',
          labels,
          value: await options.openOrders(network.key).catch(() => Number.NaN),
        });
        const status = watcher?.status();
        if (status) {
          const lag =
            status.headBlock !== null && status.processedBlock !== null
              ? status.headBlock - status.processedBlock
              : Number.NaN;
          samples.push(
            {
              name: 'relayer_watcher_lag_blocks',
              help: 'Blocks between the chain head and the watcher',
              labels,
              value: lag,
            },
            {
              name: 'relayer_watcher_healthy',
              help: '1 when the last watcher tick succeeded',
              labels,
              value: status.healthy ? 1 : 0,
            },
            {
              name: 'relayer_watcher_leader',
              help: '1 when this instance applies chain events',
              labels,
              value: status.isLeader ? 1 : 0,
            },
          );
        }
      }
      const prices = options.prices.get();
      const age =
        prices.updatedAt === null ? Number.NaN : (options.now() - Date.parse(prices.updatedAt)) / 1000;
      samples.push(
        {
          name: 'relayer_price_age_seconds',
          help: 'Age of the last price refresh (NaN: static example prices)',
          labels: {},
          value: age,
        },
        {
          name: 'relayer_prices_stale',
          help: '1 when prices are older than PRICE_MAX_AGE_MS',
          labels: {},
          value: prices.stale ? 1 : 0,
        },
      );
      if (options.analyticsEnabled) samples.push(...(await pageviewSamples(options.db).catch(() => [])));
      return reply.type('text/plain; version=0.0.4; charset=utf-8').send(options.metrics.render(samples));
    },
  );
};

async function pageviewSamples(db: Database): Promise<GaugeSample[]> {
  const rows = await db.query<{ path: string; views: number | string }>(
    'SELECT path, sum(views) AS views FROM analytics_pageviews GROUP BY path ORDER BY sum(views) DESC, path',
  );
  const help = 'Pageviews reported by the web app, all days';
  const top = rows.slice(0, MAX_PAGEVIEW_PATHS).map((r) => ({
    name: 'relayer_pageviews',
    help,
    labels: { path: r.path },
    value: Number(r.views),
  }));
  const rest = rows.slice(MAX_PAGEVIEW_PATHS).reduce((sum, r) => sum + Number(r.views), 0);
  if (rest > 0) top.push({ name: 'relayer_pageviews', help, labels: { path: 'other' }, value: rest });
  return top;
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** Compares digests in constant time, so the answer's timing says nothing about the token. */
function bearerMatches(request: FastifyRequest, expected: Buffer): boolean {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer (.+)$/i.exec(header) : null;
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), expected);
}
