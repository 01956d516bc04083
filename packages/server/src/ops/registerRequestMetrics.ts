import type { FastifyInstance } from 'fastify';
import type { Metrics } from './createMetrics.js';

/**
 * Counts every answered request by route pattern (never the raw URL, which would make a label per
 * order hash), method and status, and observes its duration.
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { route, method: request.method, status: String(reply.statusCode) };
    metrics.inc('relayer_http_requests_total', labels);
    metrics.observeRequest({ route, method: request.method }, reply.elapsedTime / 1000);
  });
}
