import { errorResponseSchema, healthResponseSchema } from '@relayer/protocol';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertFakeOrders } from '../../test/helpers/fakeOrders.js';
import { FAKE_TOKENS } from '../../test/helpers/fakeTokens.js';
import { insertTokens, offlineConfig, startOfflineApp } from '../../test/helpers/offlineApp.js';
import { signedMainOrder } from '../../test/helpers/signedMainOrder.js';

let env: Awaited<ReturnType<typeof startOfflineApp>>;

const METRICS_TOKEN = 'operations-test-metrics-token';
const WEB_APP = 'https://relayer.example';
const scrape = (app: (typeof env)['app']) =>
  app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
const pageview = (payload: unknown, url = '/analytics/pageview') =>
  env.app.inject({ method: 'POST', url, payload: payload as object, headers: { origin: WEB_APP } });

beforeAll(async () => {
  env = await startOfflineApp({
    http: {
      ...offlineConfig().http,
      corsOrigins: [WEB_APP, 'https://kovan.relayer.example'],
    },
    metrics: { host: '127.0.0.1', token: METRICS_TOKEN },
    analytics: { enabled: true, origins: [WEB_APP] },
  });
  await insertTokens(env.db, 'main', FAKE_TOKENS.slice(0, 2));
  await insertFakeOrders(env.db, 'main', [{}, {}, {}]);
  env.resync();
});

afterAll(async () => {
  await env?.close();
});

describe('health', () => {
  test('reports the database ok and an unreachable node as degraded (200)', async () => {
    const response = await env.app.inject('/health');
    expect(response.statusCode).toBe(200);
    const health = healthResponseSchema.parse(response.json());
    expect(health).toMatchObject({ status: 'degraded', database: 'ok' });
    expect(health.networks.map((n) => [n.prefix, n.chain])).toEqual([
      ['', 'down'],
      ['/kovan', 'down'],
    ]);
  });
});

describe('metrics and analytics', () => {
  test('counts pageviews per path and day and exposes them with requests and open orders', async () => {
    for (const path of ['/', '/', '/coins/zrx/overview']) {
      const response = await pageview({ path });
      expect(response.statusCode, response.body).toBe(204);
    }
    await pageview({ path: '/' }, '/kovan/analytics/pageview');
    const rows = await env.db.query<{ path: string; views: number | string; day: unknown }>(
      'SELECT path, views, day FROM analytics_pageviews ORDER BY path',
    );
    expect(rows.map((r) => [r.path, Number(r.views)])).toEqual([
      ['/', 2],
      ['/coins/zrx/overview', 1],
      ['/kovan/', 1],
    ]);
    await env.app.inject('/order');
    const metrics = await scrape(env.app);
    expect(metrics.statusCode).toBe(200);
    expect(metrics.headers['content-type']).toContain('text/plain');
    const text = metrics.body;
    expect(text).toContain('relayer_pageviews{path="/"} 2');
    expect(text).toContain('relayer_pageviews{path="/kovan/"} 1');
    expect(text).toContain('relayer_open_orders{network="main"} 3');
    expect(text).toContain('relayer_open_orders{network="kovan"} 0');
    expect(
      sample(text, 'relayer_http_requests_total', { route: '/order', method: 'GET', status: '200' }),
    ).toBe(1);
    const bucket = { route: '/order', method: 'GET', le: '+Inf' };
    expect(sample(text, 'relayer_http_request_duration_seconds_bucket', bucket)).toBe(1);
    expect(text).toContain('relayer_prices_stale 0');
    // The node is unreachable in this suite: the alertable gauge says so.
    expect(sample(text, 'relayer_chain_up', { network: 'main' })).toBe(0);
    // prom-client's default process metrics come with the relayer's own.
    expect(sample(text, 'process_cpu_user_seconds_total', {})).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes', {})).toBeGreaterThan(0);
  });

  test('refuses a pageview that is not a path', async () => {
    for (const payload of [{ path: 'x'.repeat(201) }, { path: 'no-slash' }, { path: '/a\nb' }, {}]) {
      const response = await pageview(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorResponseSchema.parse(response.json()).validationErrors?.[0]?.field).toBe('path');
    }
  });

  test('counts refused and accepted submissions by code', async () => {
    await env.app.inject({ method: 'POST', url: '/order/new', payload: { nonsense: true } });
    const text = (await scrape(env.app)).body;
    expect(text).toContain('relayer_orders_refused_total{network="main",code="VALIDATION_FAILED"} 1');
  });
});

describe('HTTP hygiene', () => {
  test('CORS allows the configured origins only', async () => {
    const allowed = await env.app.inject({
      url: '/token',
      headers: { origin: 'https://kovan.relayer.example' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://kovan.relayer.example');
    const other = await env.app.inject({ url: '/token', headers: { origin: 'https://evil.example' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await env.app.inject({
      method: 'OPTIONS',
      url: '/order/new',
      headers: { origin: 'https://relayer.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');
  });

  test('sends security headers and a strict CSP on API answers, refusals included', async () => {
    for (const url of ['/order', '/v0/nothing-here']) {
      const { headers } = await env.app.inject(url);
      expect(headers, url).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'cross-origin',
        'strict-transport-security': 'max-age=15552000; includeSubDomains',
        'x-dns-prefetch-control': 'off',
        'x-permitted-cross-domain-policies': 'none',
      });
      expect(cspDirectives(headers['content-security-policy']), url).toEqual([
        "default-src 'none'",
        "frame-ancestors 'none'",
      ]);
    }
  });

  test("the API docs keep their own CSP, which lets the UI load its own scripts and nothing else's", async () => {
    const directives = cspDirectives((await env.app.inject('/docs')).headers['content-security-policy']);
    expect(directives).toContain("default-src 'self'");
    expect(directives.find((d) => d.startsWith('script-src '))).toBe("script-src 'self'");
  });

  test('an unknown route repeats no more than a few dozen characters of its path, and none of its query', async () => {
    const response = await env.app.inject(`/${'x'.repeat(2000)}?secret=${'y'.repeat(50)}`);
    expect(response.statusCode).toBe(404);
    const { reason } = response.json();
    expect(reason.length).toBeLessThan(80);
    expect(reason).not.toContain('secret');
  });

  test('answers unknown routes with the NOT_FOUND body', async () => {
    const response = await env.app.inject('/v0/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      code: 404,
      reason: 'No route GET /v0/nothing-here',
      error: 'NOT_FOUND',
    });
  });

  test('serves the OpenAPI document and its UI without external assets', async () => {
    const spec = (await env.app.inject('/docs/json')).json();
    expect(spec.openapi).toMatch(/^3\./);
    for (const path of [
      '/order',
      '/order/new',
      '/token',
      '/token/new',
      '/v0/orders',
      '/v0/orderbook',
      '/v0/fees',
      '/chain',
      '/health',
    ]) {
      expect(Object.keys(spec.paths)).toContain(path);
    }
    expect(Object.keys(spec.paths)).toContain('/kovan/order');
    const ui = await env.app.inject('/docs');
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger-ui-bundle.js');
    expect(ui.body).not.toMatch(/(src|href)="https?:\/\//);
    const bundle = await env.app.inject('/docs/static/swagger-ui-bundle.js');
    expect(bundle.statusCode).toBe(200);
  });

  test('never crashes on hostile input: every answer is a well-formed non-5xx refusal', async () => {
    const bodies: unknown[] = [
      null,
      42,
      'just text',
      [],
      [1, 2, 3],
      { __proto__: { polluted: true } },
      JSON.parse('{"constructor": {"prototype": {"polluted": true}}}'),
      { maker: { $gt: '' } },
      { ecSignature: [] },
      { ecSignature: { v: 1e308, r: null, s: {} } },
      { makerTokenAmount: '9'.repeat(5000) },
      { salt: -1, expirationUnixTimestampSec: 1.5 },
      Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, i])),
      nest(200),
      '\u0000\uffff',
    ];
    const urls = [
      '/order/new',
      '/v0/order',
      '/token/new',
      '/v0/fees',
      '/analytics/pageview',
      '/kovan/order/new',
    ];
    for (const url of urls) {
      for (const body of bodies) {
        const response = await env.app.inject({
          method: 'POST',
          url,
          payload: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        });
        expect(response.statusCode, `${url} ${JSON.stringify(body)?.slice(0, 80)}`).toBeLessThan(500);
        errorResponseSchema.parse(response.json());
      }
    }
    const queries = [
      'page=-1',
      'per_page=1e9',
      'sort[]=a&sort[]=b',
      `cursor=${'A'.repeat(600)}`,
      'maker=%00',
      'state=open&state=filled',
    ];
    for (const query of queries) {
      for (const path of ['/order', '/v0/orders', '/v0/orderbook', '/v0/token_pairs']) {
        const response = await env.app.inject(`${path}?${query}`);
        expect(response.statusCode, `${path}?${query}`).toBeLessThan(500);
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await env.app.inject('/health')).statusCode).toBe(200);
  });
});

describe('outages', () => {
  test('a statement error is a 500 with nothing but "Internal error"', async () => {
    const broken = await startOfflineApp();
    await broken.db.exec('DROP TABLE tokens CASCADE');
    const response = await broken.app.inject('/token');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 500, reason: 'Internal error', error: 'INTERNAL_ERROR' });
    expect(response.body).not.toMatch(/tokens|relation|exist/);

    // With the database gone every path that needs it answers 503 DATABASE_UNAVAILABLE, health says
    // degraded. The open book is read from memory and stays readable (docs/RELIABILITY.md).
    await broken.db.close();
    expect((await broken.app.inject('/order')).statusCode).toBe(200);
    expect((await broken.app.inject('/v0/orders?per_page=7')).statusCode).toBe(200);
    const order = await signedMainOrder();
    for (const request of [
      { method: 'GET' as const, url: '/order?state=filled' },
      { method: 'GET' as const, url: `/order/0x${'1'.repeat(64)}` },
      { method: 'POST' as const, url: '/order/new', payload: order },
      {
        method: 'POST' as const,
        url: '/analytics/pageview',
        payload: { path: '/' },
        // The default origins: the web app of the local stack.
        headers: { origin: 'http://localhost:8080' },
      },
    ]) {
      const down = await broken.app.inject(request);
      expect(down.statusCode, request.url).toBe(503);
      expect(down.json()).toEqual({
        code: 503,
        reason: 'The database is unavailable; try again shortly',
        error: 'DATABASE_UNAVAILABLE',
      });
    }
    const health = await broken.app.inject('/health');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'degraded', database: 'down' });
    await broken.app.close();
  });

  test('analytics answers 404 when disabled', async () => {
    const off = await startOfflineApp({
      analytics: { enabled: false, origins: [WEB_APP] },
      metrics: { host: '127.0.0.1', token: METRICS_TOKEN },
    });
    const response = await off.app.inject({
      method: 'POST',
      url: '/analytics/pageview',
      payload: { path: '/' },
      headers: { origin: WEB_APP },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'NOT_FOUND' });
    const metrics = await scrape(off.app);
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).not.toContain('relayer_pageviews');
    await off.close();
  });
});

/** A CSP header's directives, however they are spaced. */
function cspDirectives(header: unknown): string[] {
  return String(header)
    .split(';')
    .map((d) => d.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
}

/** The value of one sample of a Prometheus text exposition, its labels in any order; undefined if absent. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .sort()
    .join(',');
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    if (
      (match[2] ?? '')
        .split(/,(?=\w+=")/)
        .filter(Boolean)
        .sort()
        .join(',') === wanted
    )
      return Number(match[3]);
  }
  return undefined;
}

function nest(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}
