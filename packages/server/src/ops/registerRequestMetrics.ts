import type { FastifyInstance } from 'fastify';
import type { AppMetrics } from './createAppMetrics.js';

/**
 * Counts every answered request by route pattern (never the raw URL, which would make a label per
 * order hash), method and status, and observes its duration.
 */
export function registerRequestMetrics(
  app: FastifyInstance,
  metrics: Pick<AppMetrics, 'httpRequests' | 'httpDuration'>,
): void {
  // A callback hook, not an async one: no promise and microtask per answer.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpRequests.inc({ route, method: request.method, status: String(reply.statusCode) });
    metrics.httpDuration.observe({ route, method: request.method }, reply.elapsedTime / 1000);
    done();
  });
}
