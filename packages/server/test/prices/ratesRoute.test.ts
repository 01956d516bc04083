import { type RatesResponse, ratesResponseSchema } from '@relayer/protocol';
import Fastify from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { testConfig } from '../../src/config.js';
import type { Database } from '../../src/db/Database.js';
import { migrate } from '../../src/db/migrate.js';
import { openDatabase } from '../../src/db/openDatabase.js';
import { RATES_CACHE_CONTROL, ratesRoute } from '../../src/routes/ratesRoute.js';

const network = testConfig().networks[0];
if (!network) throw new Error('testConfig has no network');
let db: Database;
let current: RatesResponse = {
  currency: 'USD',
  rates: { BTC: '65000', ETH: '2500.5', WETH: '2500.5', ZRX: '0.35', MKR: '1500', DOGE: '0.1' },
  source: 'ticker',
  updatedAt: '2026-01-01T00:00:00.000Z',
  stale: false,
};
const prices = { get: () => current };

async function appWith(database: Pick<Database, 'query'>) {
  const app = Fastify();
  await app.register(ratesRoute, {
    prices,
    db: database,
    network: { ...network, prefix: '/kovan' } as never,
    prefix: '/kovan',
  });
  return app;
}

beforeAll(async () => {
  db = await openDatabase(testConfig().database);
  await migrate(db);
  for (const [address, symbol] of [
    ['0x00000000000000000000000000000000000000a1', 'ZRX'],
    ['0x00000000000000000000000000000000000000a2', 'weth'],
    ['0x00000000000000000000000000000000000000a3', 'NOPRICE'],
  ]) {
    await db.query(
      'INSERT INTO tokens (network, address, name, symbol, decimals) VALUES ($1, $2, $3, $4, 18)',
      [network.key, address, `${symbol} token`, symbol],
    );
  }
});
afterAll(() => db.close());

test("answers the listed tokens' prices plus ETH and WETH, cacheable, in the protocol's shape", async () => {
  const app = await appWith(db);
  const response = await app.inject({ method: 'GET', url: '/kovan/rates' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe(RATES_CACHE_CONTROL);
  expect(response.headers['content-type']).toContain('application/json');
  const body = ratesResponseSchema.parse(response.json());
  expect(body).toEqual({ ...current, rates: { ETH: '2500.5', WETH: '2500.5', ZRX: '0.35' } });
  await app.close();
});

test('follows price refreshes and staleness', async () => {
  const app = await appWith(db);
  await app.inject({ method: 'GET', url: '/kovan/rates' });
  current = { ...current, rates: { ...current.rates, ZRX: '0.4' }, stale: true };
  const body = (await app.inject({ method: 'GET', url: '/kovan/rates' })).json();
  expect(body).toMatchObject({ stale: true, rates: { ZRX: '0.4' } });
  await app.close();
});

test('serves every price rather than none when the token list cannot be read', async () => {
  const broken = { query: () => Promise.reject(new Error('database down')) };
  const app = await appWith(broken as never);
  const body = (await app.inject({ method: 'GET', url: '/kovan/rates' })).json();
  expect(body.rates).toEqual(current.rates);
  await app.close();
});
