import { parseWithSraErrors, RelayerError } from '@relayer/protocol';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
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

/**
 * `POST {prefix}/analytics/pageview`: the web app reports each route change; views are counted per
 * path and UTC day (the network's prefix is kept in the path) and exposed in /metrics. Nothing about
 * the visitor is stored. 404 when analytics is disabled.
 */
export const analyticsRoute: FastifyPluginAsync<NetworkContext> = async (app, { app: shared, network }) => {
  app.post(
    '/analytics/pageview',
    {
      config: rateLimits(shared.config.http).analytics,
      schema: {
        tags: ['analytics'],
        summary: 'Count one pageview of a web app route',
        body: toOpenApi(pageviewSchema, 'input'),
        response: { 204: { description: 'Counted', type: 'null' }, 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      if (!shared.config.analytics.enabled) throw new RelayerError('NOT_FOUND', 'Analytics is disabled');
      const parsed = parseWithSraErrors(pageviewSchema, request.body);
      if (!parsed.success) throw schemaRefusal(parsed);
      const day = new Date(shared.now()).toISOString().slice(0, 10);
      await shared.db.query(
        `INSERT INTO analytics_pageviews (path, day, views) VALUES ($1, $2, 1)
          ON CONFLICT (path, day) DO UPDATE SET views = analytics_pageviews.views + 1`,
        [`${network.prefix}${parsed.data.path}`, day],
      );
      return reply.code(204).send();
    },
  );
};
