import swagger from '@fastify/swagger';
import { networks, type RatesResponse, ratesResponseSchema } from '@relayer/protocol';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { priceCacheOn } from '../../test/helpers/priceCacheOn.js';
import {
  type CoinGeckoRequest,
  geckoBody,
  geckoEntry,
  startCoinGeckoServer,
} from '../../test/helpers/startCoinGeckoServer.js';
import { type NetworkConfig, testConfig } from '../config.js';
import type { Database } from '../db/Database.js';
import { migrate } from '../db/migrate.js';
import { openDatabase } from '../db/openDatabase.js';
import { RATES_CACHE_CONTROL, ratesRoute } from '../routes/ratesRoute.js';
import { createTokenDirectory, type TokenDirectory } from '../tokens/createTokenDirectory.js';
import { createPriceCache, type PriceCache, type PriceCacheOptions } from './createPriceCache.js';
import { listContractsToPrice } from './listContractsToPrice.js';

const MAX_AGE_MS = 900_000;
const base = testConfig().networks[0] as NetworkConfig;
const local: NetworkConfig = { ...base, key: 'main', prefix: '', chainId: 50 };
const kovan: NetworkConfig = { ...base, key: 'kovan', prefix: '/kovan', chainId: 42 };
const mainnet: NetworkConfig = { ...base, key: 'mainnet', prefix: '/mainnet', chainId: 1 };
const allNetworks = [local, kovan, mainnet];
const at = (n: number) => `0x${n.toString(16).padStart(40, '0')}` as const;

// [network, address, symbol, verified]
const rows: [NetworkConfig, string, string, boolean][] = [
  [local, networks[50].zrx, 'ZRX', true],
  [local, networks[50].weth, 'WETH', true],
  [local, at(0xa1), 'REP', true],
  [local, at(0xa2), 'WΕTH', false], // Greek capital epsilon
  [local, at(0xa3), 'ETH', false],
  [local, at(0xa4), 'DOGE', false],
  [local, at(0xa5), 'NOPRICE', true],
  [kovan, at(0xb1), 'WETH', false], // the exact symbol, on a network whose registry has not listed the real one
  [kovan, networks[42].weth, 'SCAM', false], // the real Kovan WETH, whatever it is called here
  [mainnet, at(0xc1), 'NEWT', false],
  [mainnet, at(0xc2), 'WETH', false],
  [mainnet, at(0xc3), 'OLD', true],
  [mainnet, '0x6b175474e89094c44da98b954eedeac495271d0f', 'MYDAI', false],
];

/** The stand-in market: a few coins by id, and two main-net contracts (NEWT, OLD) by address. */
const byId: Record<string, string> = {
  ethereum: '2500.5',
  '0x': '0.35',
  augur: '1.25',
  dogecoin: '0.1',
  bitcoin: '65000.12',
  dai: '0.9999',
};
const byContract: Record<string, string> = { [at(0xc1)]: '0.05', [at(0xc3)]: '7' };

let db: Database;
let directory: TokenDirectory;
let clock = Date.parse('2026-01-01T00:00:00Z');
const closers: (() => unknown)[] = [];
const log = { warn: () => {}, info: () => {} };

beforeAll(async () => {
  db = await openDatabase(testConfig().database);
  await migrate(db);
  for (const [network, address, symbol, verified] of rows) {
    await db.query(
      'INSERT INTO tokens (network, address, name, symbol, decimals, verified) VALUES ($1, $2, $3, $4, 18, $5)',
      [network.key, address, `${symbol} token`, symbol, verified],
    );
  }
  directory = createTokenDirectory(db, () => clock);
});
afterAll(() => db.close());
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function liveCache(overrides: Partial<PriceCacheOptions> = {}) {
  const server = await startCoinGeckoServer((request: CoinGeckoRequest) => {
    const table = request.path === '/simple/price' ? byId : byContract;
    const entries = request.keys.flatMap((key) => {
      const price = table[key];
      return price === undefined ? [] : [[key, geckoEntry(price, clock / 1000)]];
    });
    return { body: geckoBody(Object.fromEntries(entries)) };
  });
  const { cache } = priceCacheOn(
    server,
    {
      source: 'coingecko',
      maxAgeMs: MAX_AGE_MS,
      now: () => clock,
      log,
      contracts: (chainIds) => listContractsToPrice(allNetworks, directory, chainIds),
      ...overrides,
    },
    closers,
  );
  await cache.start();
  return { cache, server };
}

async function appWith(prices: Pick<PriceCache, 'get'>, tokens: Pick<TokenDirectory, 'list'> = directory) {
  const app = Fastify();
  for (const network of allNetworks)
    await app.register(ratesRoute, { prices, tokens, network, prefix: network.prefix });
  closers.push(() => app.close());
  return app;
}

async function rates(app: Awaited<ReturnType<typeof appWith>>, prefix = ''): Promise<RatesResponse> {
  const response = await app.inject({ method: 'GET', url: `${prefix}/rates` });
  expect(response.statusCode).toBe(200);
  return ratesResponseSchema.parse(response.json());
}

describe('GET /rates with live prices', () => {
  test('prices tokens by address: registry symbol when verified, nothing for an unverified impostor', async () => {
    const { cache } = await liveCache();
    const app = await appWith(cache);
    const response = await app.inject({ method: 'GET', url: '/rates' });
    expect(response.headers['cache-control']).toBe(RATES_CACHE_CONTROL);
    expect(response.headers['content-type']).toContain('application/json');
    const body = ratesResponseSchema.parse(response.json());
    const asOf = new Date(clock).toISOString();
    const live = { source: 'coingecko', asOf, quality: 'live' } as const;
    expect(body.tokens).toEqual({
      [networks[50].zrx]: { price: '0.35', symbol: 'ZRX', basis: 'knownAddress', ...live },
      [networks[50].weth]: { price: '2500.5', symbol: 'ETH', basis: 'knownAddress', ...live },
      [at(0xa1)]: { price: '1.25', symbol: 'REP', basis: 'registry', ...live },
    });
    // The lookalike WΕTH, the unverified ETH and DOGE borrow nothing; NOPRICE has no market.
    expect(body).toMatchObject({ source: 'ticker', stale: false, updatedAt: asOf, maxAgeMs: MAX_AGE_MS });
    // The deprecated symbol map serves what the tokens are priced as (and ETH/WETH), not DOGE.
    expect(body.rates).toEqual({ ETH: '2500.5', REP: '1.25', WETH: '2500.5', ZRX: '0.35' });
    expect(body.coins?.BTC).toEqual({ price: '65000.12', symbol: 'BTC', ...live });
    expect(body.coins?.WETH).toEqual({ price: '2500.5', symbol: 'ETH', ...live });
  });

  test('a fake "WETH" gets no price on any network; the real contract does under any name', async () => {
    const { cache } = await liveCache();
    const app = await appWith(cache);
    const kovanBody = await rates(app, '/kovan');
    expect(Object.keys(kovanBody.tokens ?? {})).toEqual([networks[42].weth]);
    expect(kovanBody.tokens?.[networks[42].weth]).toMatchObject({
      price: '2500.5',
      symbol: 'ETH',
      basis: 'knownAddress',
    });
    expect(kovanBody.tokens?.[at(0xb1)]).toBeUndefined();
    expect((await rates(app, '/mainnet')).tokens?.[at(0xc2)]).toBeUndefined();
  });

  test('on main net an unverified token is priced only by its own contract, and known contracts as their coin', async () => {
    const { cache, server } = await liveCache();
    const app = await appWith(cache);
    const body = await rates(app, '/mainnet');
    const asOf = new Date(clock).toISOString();
    expect(body.tokens).toEqual({
      [at(0xc1)]: {
        price: '0.05',
        symbol: null,
        basis: 'contract',
        source: 'coingecko',
        asOf,
        quality: 'live',
      },
      [at(0xc3)]: { price: '7', symbol: null, basis: 'contract', source: 'coingecko', asOf, quality: 'live' },
      '0x6b175474e89094c44da98b954eedeac495271d0f': {
        price: '0.9999',
        symbol: 'DAI',
        basis: 'knownAddress',
        source: 'coingecko',
        asOf,
        quality: 'live',
      },
    });
    // Only main-net contracts no known market covers were asked for: NEWT, the fake WETH and OLD.
    const asked = server.requests
      .filter((r) => r.path === '/simple/token_price/ethereum')
      .flatMap((r) => r.keys);
    expect(asked.sort()).toEqual([at(0xc1), at(0xc2), at(0xc3)]);
  });

  test('prices turn stale by age alone, without a refresh, and the flag with them', async () => {
    const { cache } = await liveCache();
    const app = await appWith(cache);
    const start = clock;
    try {
      expect((await rates(app)).tokens?.[networks[50].weth]?.quality).toBe('live');
      clock = start + MAX_AGE_MS;
      expect(await rates(app)).toMatchObject({ stale: false, coins: { ETH: { quality: 'live' } } });
      clock = start + MAX_AGE_MS + 1;
      const body = await rates(app);
      expect(body.stale).toBe(true);
      expect(body.tokens?.[networks[50].weth]).toMatchObject({ price: '2500.5', quality: 'stale' });
      expect(Object.values(body.coins ?? {}).every((coin) => coin.quality === 'stale')).toBe(true);
    } finally {
      clock = start;
    }
  });
});

describe('GET /rates with static prices', () => {
  test('every price is flagged as an example with no time, tokens still matched by address', async () => {
    const cache = createPriceCache({ ...testConfig().prices, fetch, now: () => clock, log });
    await cache.start();
    closers.push(() => cache.stop());
    const body = await rates(await appWith(cache));
    expect(body).toMatchObject({ source: 'static', updatedAt: null, stale: false });
    const prices = [...Object.values(body.tokens ?? {}), ...Object.values(body.coins ?? {})];
    expect(prices.length).toBeGreaterThan(30);
    for (const price of prices)
      expect(price).toMatchObject({ source: 'static', asOf: null, quality: 'example' });
    expect(Object.keys(body.tokens ?? {}).sort()).toEqual(
      [networks[50].weth, networks[50].zrx, at(0xa1)].sort(),
    );
    expect(body.tokens?.[networks[50].weth]?.price).toBe(body.coins?.ETH?.price);
  });
});

describe('GET /rates when the token list cannot be read', () => {
  test('keeps the last list read; with none yet it serves the coins and every symbol, and no token', async () => {
    const { cache } = await liveCache();
    let failing = false;
    let reads = 0;
    const flaky = {
      list: (network: string) => {
        reads += 1;
        return failing ? Promise.reject(new Error('database down')) : directory.list(network);
      },
    };
    const app = await appWith(cache, flaky);
    const before = await rates(app);
    failing = true;
    reads = 0;
    expect(await rates(app)).toEqual(before);
    expect(await rates(app)).toEqual(before);
    // A failed read is not retried by every request that follows.
    expect(reads).toBe(1);

    const never = await appWith(cache, { list: () => Promise.reject(new Error('database down')) });
    const body = await rates(never);
    expect(body.tokens).toEqual({});
    expect(body.coins?.BTC?.price).toBe('65000.12');
    expect(body.rates).toMatchObject({ BTC: '65000.12', DOGE: '0.1', ETH: '2500.5', WETH: '2500.5' });
  });
});

test('the OpenAPI document describes the per-address prices and their quality', async () => {
  const app = Fastify();
  await app.register(swagger, { openapi: { info: { title: 'rates', version: '0' } } });
  await app.register(ratesRoute, { prices: { get: () => ({}) as never }, tokens: directory, network: local });
  await app.ready();
  closers.push(() => app.close());
  const doc = app.swagger() as { paths: Record<string, { get: { responses: Record<string, unknown> } }> };
  const answer = JSON.stringify(doc.paths['/rates']?.get.responses['200']);
  for (const words of [
    '"tokens"',
    '"coins"',
    '"knownAddress"',
    '"registry"',
    '"contract"',
    '"example"',
    'deprecated',
  ])
    expect(answer.toLowerCase()).toContain(words.toLowerCase());
});
