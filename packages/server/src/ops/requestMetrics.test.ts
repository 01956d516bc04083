import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { describe, expect, test } from 'vitest';
import { type AppMetrics, createAppMetrics } from './createAppMetrics.js';
import { registerRequestMetrics } from './registerRequestMetrics.js';

/** What registerRequestMetrics did before it counted per route (the reference). */
function referenceHook(app: FastifyInstance, metrics: AppMetrics) {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpRequests.inc({ route, method: request.method, status: String(reply.statusCode) });
    metrics.httpDuration.observe({ route, method: request.method }, reply.elapsedTime / 1000);
    done();
  });
}

async function appWith(register: (app: FastifyInstance, metrics: AppMetrics) => void) {
  const metrics = createAppMetrics();
  const app = Fastify();
  register(app, metrics);
  await app.register(
    async (child) => {
      child.get('/', async () => 'root of the prefix');
      child.get('/order/:hash', async (request, reply) =>
        (request.params as { hash: string }).hash === 'missing' ? reply.code(404).send({}) : { ok: true },
      );
    },
    { prefix: '/kovan' },
  );
  app.get('/order', async () => ({ orders: [] }));
  app.route({ method: ['GET', 'POST'], url: '/both', handler: async () => 'x' });
  app.post('/order/new', async (request, reply) =>
    (request.body as { ok?: boolean }).ok ? reply.code(201).send({}) : reply.code(400).send({}),
  );
  app.get('/boom', async () => {
    throw new Error('boom');
  });
  return { app, metrics };
}

const REQUESTS = [
  { url: '/order' },
  { url: '/order', method: 'HEAD' },
  { url: '/kovan/order/0xab' },
  { url: '/kovan/order/missing' },
  { url: '/kovan' },
  { url: '/kovan/' },
  { url: '/both', method: 'POST' },
  { url: '/both' },
  { url: '/order/new', method: 'POST', payload: { ok: true } },
  { url: '/order/new', method: 'POST', payload: {} },
  { url: '/order/new', method: 'POST', payload: '{', headers: { 'content-type': 'application/json' } },
  { url: '/nowhere' },
  { url: '/%zz' },
  { url: '/nowhere', method: 'DELETE' },
  { url: '/boom' },
  { url: '/order' },
  { url: '/kovan/order/0xcd' },
] as const;

/** The counter's lines, and the histogram's lines without the bucket counts and sums (timings). */
const shape = (text: string) =>
  text
    .split('\n')
    .filter((l) => l.startsWith('relayer_http_'))
    .map((l) =>
      l.startsWith('relayer_http_request_duration_seconds_bucket') ||
      l.startsWith('relayer_http_request_duration_seconds_sum')
        ? l.replace(/ [^ ]+$/, '')
        : l,
    );

describe('request metrics', () => {
  test('count the same series, in the same order, as counting each answer into prom-client', async () => {
    const reference = await appWith(referenceHook);
    const counted = await appWith(registerRequestMetrics);
    const scrapes: [string, string][] = [];
    for (const round of [0, 1]) {
      for (const request of REQUESTS.slice(round * 7)) {
        for (const { app } of [reference, counted]) {
          await app.inject(request as InjectOptions);
        }
      }
      // Twice: what was counted before a scrape is added once, and counting goes on after it.
      scrapes.push([await reference.metrics.registry.metrics(), await counted.metrics.registry.metrics()]);
    }
    for (const [expected, actual] of scrapes) {
      expect(shape(actual)).toEqual(shape(expected));
    }
    const last = scrapes[1]?.[1] ?? '';
    expect(last).toContain('relayer_http_requests_total{route="/order",method="GET",status="200"} 3');
    expect(last).toContain('relayer_http_requests_total{route="/order",method="HEAD",status="200"} 1');
    expect(last).toContain(
      'relayer_http_requests_total{route="/kovan/order/:hash",method="GET",status="404"} 1',
    );
    expect(last).toContain('relayer_http_requests_total{route="/kovan",method="GET",status="200"} 2');
    expect(last).toContain('relayer_http_requests_total{route="unmatched",method="DELETE",status="404"} 2');
    expect(last).toContain('relayer_http_requests_total{route="/order/new",method="POST",status="400"} 4');
    expect(last).toContain('relayer_http_requests_total{route="/boom",method="GET",status="500"} 2');
    expect(last).toContain('relayer_http_request_duration_seconds_count{route="/order",method="GET"} 3');
    // get() (not only a scrape of the registry) sees every answer but the two undecodable URLs, which
    // Fastify answers before any hook (as it did before).
    const values = (await counted.metrics.httpRequests.get()).values;
    expect(values.reduce((sum, v) => sum + v.value, 0)).toBe(REQUESTS.length + REQUESTS.length - 7 - 2);
  });
});
