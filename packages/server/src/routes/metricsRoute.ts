import { createHash, timingSafeEqual } from 'node:crypto';
import { RelayerError } from '@relayer/protocol';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Registry } from 'prom-client';
import { processMetrics } from '../ops/processMetrics.js';

export interface MetricsRouteOptions {
  /** The app's registry (counters, the request histogram, the scrape-time gauges). */
  registry: Registry;
  /** When set, a scrape must send `Authorization: Bearer <token>`. */
  token?: string | undefined;
}

/**
 * `GET /metrics`: Prometheus text of the app's registry and the process's default metrics. An operator
 * surface: buildApp serves it on the metrics listener and, only with a configured token, on the public
 * one. It never carries CORS headers, so no web page elsewhere can read it.
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
      const merged = Registry.merge([processMetrics(), options.registry]);
      return reply.type(merged.contentType).send(await merged.metrics());
    },
  );
};

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** Compares digests in constant time, so the answer's timing says nothing about the token. */
function bearerMatches(request: FastifyRequest, expected: Buffer): boolean {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer (.+)$/i.exec(header) : null;
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), expected);
}
