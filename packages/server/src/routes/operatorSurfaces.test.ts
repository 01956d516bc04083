import { request } from 'node:http';
import { errorResponseSchema } from '@relayer/protocol';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertTokens, startOfflineApp } from '../../test/helpers/offlineApp.js';
import { analyticsLimits } from '../analytics/analyticsLimits.js';

// docs/RELIABILITY.md, "Operator surfaces stay the operator's".

const WEB_APP = 'https://relayer.example';
const TOKEN = 'a-long-enough-metrics-token';
const BASE = `0x${'a'.repeat(40)}`;
const QUOTE = `0x${'b'.repeat(40)}`;
const listedTokens = [
  { address: BASE, name: 'Alpha', symbol: 'AAA' },
  { address: QUOTE, name: 'Beta', symbol: 'BBB', verified: false },
];

let open: Awaited<ReturnType<typeof startOfflineApp>>;
let guarded: Awaited<ReturnType<typeof startOfflineApp>>;

beforeAll(async () => {
  // Defaults: no token, so the public listener does not serve /metrics at all.
  open = await startOfflineApp({ analytics: { enabled: true, origins: [WEB_APP, 'http://localhost:5173'] } });
  await insertTokens(open.db, 'main', listedTokens);
  guarded = await startOfflineApp({ metrics: { host: '127.0.0.1', port: 0, token: TOKEN } });
});

afterAll(async () => {
  await open?.close();
  await guarded?.close();
});

/** A plain HTTP GET with a chosen Host header (fetch does not let one set it). */
function get(port: number, path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; body: string; headers: Record<string, unknown> }>(
    (resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
        let body = '';
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('/metrics', () => {
  test('is not served on the public listener by default', async () => {
    const response = await open.app.inject({ url: '/metrics', headers: { origin: 'https://evil.example' } });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('relayer_');
  });

  test('with a token, answers 401 without it or with a wrong one, 200 with it, and never with CORS headers', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-of-some-length', `Basic ${TOKEN}`, TOKEN]) {
      const response = await guarded.app.inject({
        url: '/metrics',
        headers: { origin: 'https://evil.example', ...(authorization ? { authorization } : {}) },
      });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(errorResponseSchema.parse(response.json()).error).toBe('UNAUTHORIZED');
      expect(response.body).not.toContain('relayer_');
    }
    const ok = await guarded.app.inject({
      url: '/metrics',
      headers: { origin: 'https://evil.example', authorization: `Bearer ${TOKEN}` },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('relayer_open_orders');
    expect(ok.headers['access-control-allow-origin']).toBeUndefined();
  });

  test('the metrics listener serves it on loopback, and refuses a request addressed to another host name', async () => {
    const address = guarded.app.metricsAddress();
    expect(address?.address).toBe('127.0.0.1');
    const port = address?.port ?? 0;
    const auth = { authorization: `Bearer ${TOKEN}` };
    const local = await get(port, '/metrics', { host: `127.0.0.1:${port}`, ...auth });
    expect(local.status).toBe(200);
    expect(local.body).toContain('relayer_open_orders');
    expect(local.headers['access-control-allow-origin']).toBeUndefined();
    expect((await get(port, '/metrics', { host: `localhost:${port}`, ...auth })).status).toBe(200);
    // DNS rebinding: a page on evil.example whose name now resolves to 127.0.0.1.
    const rebound = await get(port, '/metrics', { host: `evil.example:${port}`, ...auth });
    expect(rebound.status).toBe(403);
    expect(rebound.body).not.toContain('relayer_');
    // The listener serves nothing but /metrics.
    expect((await get(port, '/order', { host: `127.0.0.1:${port}` })).status).toBe(404);
    expect((await get(port, '/metrics', { host: `127.0.0.1:${port}` })).status).toBe(401);
  });
});

/** POST /analytics/pageview of `path` to `env`'s app, from `origin` when given. */
const pageview = (env: typeof open, path: string, origin?: string) =>
  env.app.inject({
    method: 'POST',
    url: '/analytics/pageview',
    payload: { path },
    headers: origin ? { origin } : {},
  });

describe('pageviews', () => {
  const post = (path: string, origin?: string) => pageview(open, path, origin);
  const stored = async () =>
    (await open.db.query<{ path: string }>('SELECT path FROM analytics_pageviews ORDER BY path')).map(
      (r) => r.path,
    );

  test("are counted only from the web app's own origins", async () => {
    await open.db.query('DELETE FROM analytics_pageviews');
    for (const origin of [undefined, 'https://evil.example', 'null', `${WEB_APP}.evil.example`]) {
      const response = await post('/', origin);
      expect(response.statusCode, origin).toBe(403);
      expect(response.json()).toMatchObject({ error: 'ORIGIN_NOT_ALLOWED' });
    }
    expect(await stored()).toEqual([]);
    expect((await post('/', WEB_APP)).statusCode).toBe(204);
    expect((await post('/coins/zrx/overview', 'http://localhost:5173')).statusCode).toBe(204);
    const market = `/markets/${BASE}/${QUOTE}`;
    expect((await post('/markets', WEB_APP)).statusCode).toBe(204);
    expect((await post(market, WEB_APP)).statusCode).toBe(204);
    expect(await stored()).toEqual(['/', '/coins/zrx/overview', '/markets', market]);
  });

  test("are counted only for the app's pages", async () => {
    await open.db.query('DELETE FROM analytics_pageviews');
    for (const path of [
      '/admin',
      '/coins/zrx',
      '/coins/ZRX/overview',
      '/coins/a-b/overview',
      '/markets/zrx/weth',
      `/markets/0x${'A'.repeat(40)}/0x${'b'.repeat(40)}`,
      // Not a coin of the catalogue; a market of a token that is not listed, or of one token with itself.
      '/coins/junk1/overview',
      `/markets/${BASE}/0x${'c'.repeat(40)}`,
      `/markets/${BASE}/${BASE}`,
      '/markets/',
      '/?q=1',
      '//',
    ]) {
      const response = await post(path, WEB_APP);
      expect(response.statusCode, path).toBe(400);
      expect(response.json().validationErrors[0]).toMatchObject({
        field: 'path',
        error: 'UNSUPPORTED_OPTION',
      });
    }
    expect(await stored()).toEqual([]);
  });

  test('300 made-up coin pages are refused, take no place, and a real page is counted after them', async () => {
    const fresh = await startOfflineApp({ analytics: { enabled: true, origins: [WEB_APP] } });
    try {
      // A script sets whatever Origin it likes: the path check must hold on its own.
      const send = (path: string) => pageview(fresh, path, WEB_APP);
      for (let i = 0; i < 300; i++) {
        const response = await send(`/coins/junk${i}/overview`);
        expect(response.statusCode, `junk${i}`).toBe(400);
        expect(response.json().validationErrors[0]).toMatchObject({
          field: 'path',
          error: 'UNSUPPORTED_OPTION',
        });
      }
      const count = async () =>
        Number(
          (await fresh.db.query<{ n: number | string }>('SELECT count(*) AS n FROM analytics_pageviews'))[0]
            ?.n,
        );
      expect(await count()).toBe(0);
      expect((await send('/coins/zrx/overview')).statusCode).toBe(204);
      expect((await send('/')).statusCode).toBe(204);
      expect(await count()).toBe(2);
    } finally {
      await fresh.close();
    }
  });

  test(`keep ${analyticsLimits.retentionDays} days and at most ${analyticsLimits.maxPathsPerDay} paths a day`, async () => {
    const fresh = await startOfflineApp({ analytics: { enabled: true, origins: [WEB_APP] } });
    try {
      const send = (path: string) => pageview(fresh, path, WEB_APP);
      const today = new Date().toISOString().slice(0, 10);
      await fresh.db.query(
        `INSERT INTO analytics_pageviews (path, day, views) VALUES ('/', '2000-01-01', 5), ('/', $1::date - $2::int, 1)`,
        [today, analyticsLimits.retentionDays + 1],
      );
      for (let i = 0; i < analyticsLimits.maxPathsPerDay - 1; i++) {
        await fresh.db.query('INSERT INTO analytics_pageviews (path, day, views) VALUES ($1, $2, 1)', [
          `/filler/${i}`,
          today,
        ]);
      }
      // The instance prunes at its first pageview: the two expired days go.
      expect((await send('/')).statusCode).toBe(204);
      const days = await fresh.db.query<{ day: string }>(
        "SELECT day::text AS day FROM analytics_pageviews WHERE path = '/' ORDER BY day",
      );
      expect(days.map((d) => d.day)).toEqual([today]);
      // The day is now full: a further market is refused, a counted path still counts, and the app's
      // fixed pages (a bounded set) are counted even so.
      await insertTokens(fresh.db, 'main', listedTokens);
      const full = await send(`/markets/${BASE}/${QUOTE}`);
      expect(full.statusCode).toBe(400);
      expect(full.json().validationErrors[0]).toMatchObject({ field: 'path', error: 'VALUE_OUT_OF_RANGE' });
      expect((await send('/')).statusCode).toBe(204);
      expect((await send('/coins/btc/overview')).statusCode).toBe(204);
      const rows = await fresh.db.query<{ n: number | string }>(
        'SELECT count(*) AS n FROM analytics_pageviews WHERE day = $1',
        [today],
      );
      expect(Number(rows[0]?.n)).toBe(analyticsLimits.maxPathsPerDay + 1);
    } finally {
      await fresh.close();
    }
  });
});
