import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TOKEN_C } from '../../test/helpers/fakeAddresses.js';
import { insertFakeOrders } from '../../test/helpers/fakeOrders.js';
import { FAKE_TOKENS } from '../../test/helpers/fakeTokens.js';
import { insertTokens, startOfflineApp } from '../../test/helpers/offlineApp.js';
import { preferredEncoding } from './preferredEncoding.js';

let env: Awaited<ReturnType<typeof startOfflineApp>>;

beforeAll(async () => {
  env = await startOfflineApp();
  await insertTokens(env.db, 'main', FAKE_TOKENS.slice(0, 2));
  await insertFakeOrders(
    env.db,
    'main',
    Array.from({ length: 25 }, (_, i) => ({ makerFee: String(i) })),
  );
  env.resync();
});

afterAll(async () => {
  await env?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  env.app.inject({ method: 'GET', url, headers });

describe('compressed answers', () => {
  test('a large /order asked with gzip answers gzip that decodes to the same JSON', async () => {
    const plain = await get('/order?per_page=25');
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(10_000);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    // The second request of a query is answered from the page cache: it must be compressed too.
    for (let i = 0; i < 2; i++) {
      const zipped = await get('/order?per_page=25', { 'accept-encoding': 'gzip, deflate' });
      expect(zipped.statusCode).toBe(200);
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.vary).toMatch(/accept-encoding/i);
      expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
      expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
    }
  });

  test('br is preferred when the client accepts it, and decodes to the same JSON', async () => {
    const plain = await get('/order?per_page=20');
    const brotli = await get('/order?per_page=20', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  test('a small answer or a request without the header answers identity', async () => {
    const small = await get(`/order?makerTokenAddress=${TOKEN_C}`, { 'accept-encoding': 'gzip, br' });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ total: 0, orders: [] });

    const none = await get('/order?per_page=25');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.json().orders).toHaveLength(25);

    const refused = await get('/order?per_page=25', { 'accept-encoding': 'gzip;q=0, br;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  test('a refusal is a coded JSON body, compressed or not', async () => {
    const refusal = await get('/order?per_page=abc', { 'accept-encoding': 'gzip' });
    expect(refusal.statusCode).toBe(400);
    const body =
      refusal.headers['content-encoding'] === 'gzip' ? gunzipSync(refusal.rawPayload) : refusal.rawPayload;
    expect(JSON.parse(body.toString('utf8'))).toMatchObject({ code: expect.any(Number) });
  });
});

describe('preferredEncoding', () => {
  test.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip', 'gzip'],
    ['gzip, br', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['*', 'br'],
    ['*;q=0.1, gzip;q=0.9', 'gzip'],
    ['GZIP', 'gzip'],
    ['deflate', undefined],
  ])('%j -> %j', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});
