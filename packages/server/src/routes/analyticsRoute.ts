import { parseWithSraErrors, RelayerError } from '@relayer/protocol';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { analyticsLimits } from '../analytics/analyticsLimits.js';
import { pageKind } from '../analytics/pageKind.js';
import { refusal } from '../errors/toErrorResponse.js';
import { schemaRefusal } from '../orders/schemaRefusal.js';
import type { NetworkContext } from './RouteContext.js';
import { rateLimits } from './rateLimits.js';
import { errorBody, toOpenApi } from './toOpenApi.js';

export const pageviewSchema = z.object({
  path: z
    .string()
    .min(1)
    .max(200)
    // A route path of the web app: printable text starting with '/', nothing that could break a log line.
    .regex(/^\/\P{Cc}*$/u, 'must be a path starting with /'),
});

const DAY_MS = 86_400_000;

/**
 * `POST {prefix}/analytics/pageview`: the web app reports each route change; views are counted per
 * path and UTC day (the network's prefix is kept in the path) and exposed in /metrics. Nothing about
 * the visitor is stored. Counted only from the web app's own origins (`ANALYTICS_ORIGINS`: the browser's
 * Origin header, so other sites' pages cannot inflate them from a browser; a script sets any Origin it
 * likes) and only for the app's pages (`pageKind`: its fixed pages, catalogue coins, markets of listed
 * tokens), so made-up paths never take a place. Days older than the retention are deleted; at most
 * `maxPathsPerDay` paths are added a day, and the fixed pages, a bounded set, are counted even past it.
 * 404 when analytics is disabled.
 */
export const analyticsRoute: FastifyPluginAsync<NetworkContext> = async (app, { app: shared, network }) => {
  const origins = new Set(shared.config.analytics.origins);
  let lastPrune = Number.NEGATIVE_INFINITY;

  app.post(
    '/analytics/pageview',
    {
      config: rateLimits(shared.config.http).analytics,
      schema: {
        tags: ['analytics'],
        summary: "Count one pageview of a web app route (from the app's own origins only)",
        body: toOpenApi(pageviewSchema, 'input'),
        response: {
          204: { description: 'Counted', type: 'null' },
          400: errorBody,
          403: errorBody,
          404: errorBody,
        },
      },
    },
    async (request, reply) => {
      if (!shared.config.analytics.enabled) throw new RelayerError('NOT_FOUND', 'Analytics is disabled');
      const origin = request.headers.origin;
      if (typeof origin !== 'string' || !origins.has(origin)) {
        throw new RelayerError(
          'ORIGIN_NOT_ALLOWED',
          "Pageviews are counted only from this relayer's web app",
        );
      }
      const parsed = parseWithSraErrors(pageviewSchema, request.body);
      if (!parsed.success) throw schemaRefusal(parsed);
      const kind = await pageKind(
        parsed.data.path,
        async (address) => (await shared.tokens.get(network.key, address)) !== undefined,
      );
      if (!kind) throw refusal('UNSUPPORTED_OPTION', 'path', 'is not a page of the web app');
      const nowMs = shared.now();
      const day = new Date(nowMs).toISOString().slice(0, 10);
      if (nowMs - lastPrune >= analyticsLimits.pruneEveryMs) {
        lastPrune = nowMs;
        const oldest = new Date(nowMs - analyticsLimits.retentionDays * DAY_MS).toISOString().slice(0, 10);
        await shared.db.query('DELETE FROM analytics_pageviews WHERE day < $1', [oldest]);
      }
      // A market new to the day is added only while the day holds fewer than the cap; a fixed page always is.
      const counted = await shared.db.query(
        `INSERT INTO analytics_pageviews (path, day, views)
          SELECT $1, $2, 1
           WHERE $4::boolean
              OR EXISTS (SELECT 1 FROM analytics_pageviews WHERE path = $1 AND day = $2)
              OR (SELECT count(*) FROM analytics_pageviews WHERE day = $2) < $3
          ON CONFLICT (path, day) DO UPDATE SET views = analytics_pageviews.views + 1
          RETURNING views`,
        [`${network.prefix}${parsed.data.path}`, day, analyticsLimits.maxPathsPerDay, kind === 'page'],
      );
      if (counted.length === 0) {
        throw refusal('VALUE_OUT_OF_RANGE', 'path', 'Enough distinct pages were counted today');
      }
      return reply.code(204).send();
    },
  );
};
