import { knownCoins } from '@relayer/protocol';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { priceCacheOn } from '../../test/helpers/priceCacheOn.js';
import {
  type CoinGeckoRequest,
  geckoBody,
  geckoEntry,
  startCoinGeckoServer,
} from '../../test/helpers/startCoinGeckoServer.js';
import { startTickerServer, type TickerAnswer, tickerEntry } from '../../test/helpers/startTickerServer.js';
import { testConfig } from '../config.js';
import { createPriceCache, type PriceCacheOptions, type PriceSnapshot } from './createPriceCache.js';
import type { ContractRef } from './PriceSource.js';

const REFRESH_MS = 300_000;
const MAX_AGE_MS = 900_000;
const warnings: object[] = [];
const log = { warn: (details: object) => warnings.push(details), info: () => {} };
let clock = Date.parse('2026-01-01T00:00:00Z');
const closers: (() => unknown)[] = [];

afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  warnings.length = 0;
});

async function cacheFor(answer: (start: number) => TickerAnswer, overrides: Partial<PriceCacheOptions> = {}) {
  const options = { refreshMs: REFRESH_MS, maxAgeMs: MAX_AGE_MS, timeoutMs: 5_000, now: () => clock, log };
  return priceCacheOn(await startTickerServer(answer), { ...options, ...overrides }, closers);
}

/** A snapshot's `updatedAt` for a time in ms. */
const iso = (ms: number) => new Date(ms).toISOString();

/** Symbol -> price of a snapshot, for comparing. */
function pricesOf(snapshot: PriceSnapshot): Record<string, string> {
  return Object.fromEntries([...snapshot.symbols].map(([symbol, quote]) => [symbol, quote.price]));
}

const pages: Record<number, unknown[]> = {
  0: [tickerEntry('BTC', '65000.12'), tickerEntry('ETH', '2500.5'), tickerEntry('zrx', '0.3512')],
  100: [tickerEntry('MKR', '1500'), tickerEntry('ETH', '1.00')],
  200: [tickerEntry('DGD', '40.1')],
  300: [tickerEntry('MLN', '15')],
  400: [tickerEntry('SNT', '0.000031')],
};

describe('createPriceCache with a ticker source', () => {
  test('requests the five pages of 100 and merges them into upper-case symbols, each quote timed', async () => {
    const { server, cache } = await cacheFor((start) => ({ body: pages[start] }));
    await cache.start();
    expect(server.requests.map((r) => r.start).sort((a, b) => a - b)).toEqual([0, 100, 200, 300, 400]);
    expect(server.requests.every((r) => r.limit === 100)).toBe(true);
    const snapshot = cache.get();
    expect(snapshot).toMatchObject({ source: 'ticker', stale: false, updatedAt: iso(clock) });
    expect(snapshot.symbols.get('ETH')).toEqual({ price: '2500.5', source: 'ticker', asOf: clock });
    // The best-ranked ETH (page 0) wins over the namesake on page 100; prices stay exact strings.
    expect(pricesOf(snapshot)).toEqual({
      BTC: '65000.12',
      ETH: '2500.5',
      ZRX: '0.3512',
      MKR: '1500',
      DGD: '40.1',
      MLN: '15',
      SNT: '0.000031',
    });
  });

  test("a ticker entry's last_updated is its price's time, never later than the fetch", async () => {
    const nowSec = clock / 1000;
    const { cache } = await cacheFor((start) =>
      start === 0
        ? {
            body: [
              { ...tickerEntry('ETH', '2500'), last_updated: String(nowSec - 1200) },
              { ...tickerEntry('ZRX', '0.3'), last_updated: String(nowSec + 3600) },
              { ...tickerEntry('MKR', '1500'), last_updated: 'yesterday' },
            ],
          }
        : { body: [] },
    );
    await cache.start();
    const { symbols } = cache.get();
    expect(symbols.get('ETH')?.asOf).toBe(clock - 1_200_000);
    expect(symbols.get('ZRX')?.asOf).toBe(clock);
    expect(symbols.get('MKR')?.asOf).toBe(clock);
  });

  test('ignores malformed pages and entries and keeps the good ones', async () => {
    const garbage: Record<number, TickerAnswer> = {
      0: {
        body: [
          null,
          'ETH',
          { symbol: 'ETH' },
          { symbol: 'NUM', price_usd: 12.5 },
          { symbol: 'NEG', price_usd: '-3' },
          { symbol: 'ZERO', price_usd: '0.000' },
          { symbol: 'NAN', price_usd: 'NaN' },
          { symbol: 'INF', price_usd: 'Infinity' },
          { symbol: 'COMMA', price_usd: '1,000.00' },
          { symbol: 'bad symbol!', price_usd: '1' },
          { symbol: 'TINY', price_usd: '1.2e-05' },
          tickerEntry('REP', '1.25'),
        ],
      },
      100: { body: { error: 'not a list' } },
      200: { body: '{"truncated": [' },
      300: { status: 503, body: [tickerEntry('MLN', '15')] },
      400: { body: [tickerEntry('BAT', '0.2')] },
    };
    const { cache } = await cacheFor((start) => garbage[start] ?? {});
    await cache.start();
    expect(pricesOf(cache.get())).toEqual({ TINY: '0.000012', REP: '1.25', BAT: '0.2' });
    expect(warnings).toHaveLength(1);
    expect(JSON.stringify(warnings[0])).toContain('HTTP 503');
  });

  test('keeps the last good prices when the source times out, and turns stale past the age limit', async () => {
    let down = false;
    const { cache } = await cacheFor((start) => (down ? { hang: true } : { body: pages[start] }), {
      timeoutMs: 150,
    });
    await cache.start();
    const firstAt = clock;
    down = true;
    clock += REFRESH_MS;
    // A hung source would hold this refresh (and the test) until vitest's own timeout.
    await cache.refresh();
    expect(cache.get()).toMatchObject({ source: 'ticker', stale: false, updatedAt: iso(firstAt) });
    expect(cache.get().symbols.get('ETH')).toEqual({ price: '2500.5', source: 'ticker', asOf: firstAt });
    expect(JSON.stringify(warnings)).toContain('timed out after 150 ms');
    clock = firstAt + MAX_AGE_MS;
    expect(cache.get()).toMatchObject({ stale: false, staleAt: firstAt + MAX_AGE_MS + 1 });
    clock += 1;
    expect(cache.get()).toMatchObject({ source: 'ticker', stale: true, staleAt: null });
    expect(cache.get().symbols.get('ETH')?.price).toBe('2500.5');
  });

  test('a partial failure updates the pages that answered and keeps earlier prices for the rest', async () => {
    let round = 1;
    const { cache } = await cacheFor((start) => {
      if (round === 1) return { body: pages[start] };
      if (start === 0) return { status: 500 };
      return { body: start === 100 ? [tickerEntry('MKR', '1600')] : [] };
    });
    await cache.start();
    round = 2;
    clock += REFRESH_MS;
    await cache.refresh();
    const snapshot = cache.get();
    expect(snapshot.updatedAt).toBe(new Date(clock).toISOString());
    expect(pricesOf(snapshot)).toMatchObject({
      MKR: '1600',
      ETH: '2500.5',
      BTC: '65000.12',
      SNT: '0.000031',
    });
    // What was not refreshed keeps its own, older time and so turns stale first.
    expect(snapshot.symbols.get('MKR')?.asOf).toBe(clock);
    expect(snapshot.symbols.get('ETH')?.asOf).toBe(clock - REFRESH_MS);
  });

  test('serves the static file, marked static, until the source first answers; stale once unreachable past the age limit', async () => {
    const { cache } = await cacheFor(() => ({ status: 502 }));
    await cache.start();
    expect(cache.get()).toMatchObject({ source: 'static', updatedAt: null, stale: false });
    expect(cache.get().symbols.get('ETH')).toMatchObject({ source: 'static', asOf: null });
    clock += MAX_AGE_MS + 1;
    expect(cache.get()).toMatchObject({ source: 'static', stale: true });
  });

  test('concurrent refreshes share one round of requests', async () => {
    const { server, cache } = await cacheFor((start) => ({ body: pages[start] }));
    await Promise.all([cache.refresh(), cache.refresh(), cache.refresh()]);
    expect(server.requests).toHaveLength(5);
  });

  test('one timer refreshes every refreshMs; stop() ends it', async () => {
    // Only the interval is faked: the ticker server and fetch run on real time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const { server, cache } = await cacheFor((start) => ({ body: pages[start] }), { refreshMs: 40 });
      await Promise.all([cache.start(), cache.start()]);
      expect(vi.getTimerCount()).toBe(1);
      expect(server.requests).toHaveLength(5);
      for (let tick = 1; tick <= 3; tick++) {
        vi.advanceTimersByTime(40);
        // Each tick alone (no refresh() call here) must bring the five pages again.
        await vi.waitFor(() => expect(server.requests).toHaveLength(5 * (tick + 1)), { interval: 5 });
      }
      cache.stop();
      expect(vi.getTimerCount()).toBe(0);
      vi.advanceTimersByTime(400);
      await cache.refresh();
      expect(server.requests).toHaveLength(20);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('createPriceCache without a source', () => {
  test('serves the embedded static prices labelled static and never fetches', async () => {
    const cache = createPriceCache({
      ...testConfig().prices,
      fetch: () => Promise.reject(new Error('must not fetch')),
      now: () => clock,
      log,
    });
    await cache.start();
    await cache.refresh();
    clock += 10 * REFRESH_MS;
    const snapshot = cache.get();
    expect(snapshot).toMatchObject({ source: 'static', updatedAt: null, stale: false, staleAt: null });
    // Every coin the app knows has an example price, so nothing shows blank offline.
    for (const coin of knownCoins) {
      expect(snapshot.symbols.get(coin.market), coin.symbol).toMatchObject({ source: 'static', asOf: null });
    }
    cache.stop();
  });
});

describe('createPriceCache with a CoinGecko-style source', () => {
  const contract = (n: number): ContractRef => ({
    chainId: 1,
    address: `0x${n.toString(16).padStart(40, '0')}`,
  });

  async function geckoCache(
    answer: (request: CoinGeckoRequest) => { body?: string; status?: number },
    overrides: Partial<PriceCacheOptions> = {},
  ) {
    const options = { source: 'coingecko', maxAgeMs: MAX_AGE_MS, now: () => clock, log } as const;
    return priceCacheOn(await startCoinGeckoServer(answer), { ...options, ...overrides }, closers);
  }
  const priceAll = (price: string) => (request: CoinGeckoRequest) => ({
    body: geckoBody(Object.fromEntries(request.keys.map((key) => [key, geckoEntry(price, clock / 1000)]))),
  });

  test('prices contracts in turns of maxContracts, drops those no longer listed, keeps each quote its own time', async () => {
    let listed = [1, 2, 3, 4, 5].map(contract);
    const { server, cache } = await geckoCache(priceAll('2'), {
      maxContracts: 2,
      contractBatchSize: 10,
      contracts: async () => [...listed, { chainId: 42, address: contract(9).address }],
    });
    const askedFor = () =>
      server.requests.filter((r) => r.path.startsWith('/simple/token_price')).map((r) => r.keys);
    await cache.refresh();
    await cache.refresh();
    await cache.refresh();
    expect(askedFor()).toEqual([
      [contract(1).address, contract(2).address],
      [contract(3).address, contract(4).address],
      [contract(5).address, contract(1).address],
    ]);
    expect(cache.get().contracts.size).toBe(5);
    listed = [contract(1)];
    await cache.refresh();
    expect([...cache.get().contracts.keys()]).toEqual([`1:${contract(1).address}`]);
  });

  test('spends the budget on verified tokens first: many unverified ones never make a verified price stale', async () => {
    // The verified token's address sorts last, so a ring over every contract would reach it last.
    const verified: ContractRef = { ...contract(999), verified: true };
    const junk = Array.from({ length: 20 }, (_, i) => ({ ...contract(i + 1), verified: false }));
    const { cache } = await geckoCache(priceAll('5'), {
      maxContracts: 3,
      contractBatchSize: 10,
      contracts: async () => [...junk, verified],
    });
    const quoteOf = (ref: ContractRef) => cache.get().contracts.get(`1:${ref.address}`);
    for (let turn = 0; turn < 10; turn++) {
      clock += REFRESH_MS;
      await cache.refresh();
      expect(quoteOf(verified)?.asOf, `turn ${turn}`).toBe(clock);
      expect(clock - (quoteOf(verified)?.asOf ?? 0)).toBeLessThan(MAX_AGE_MS);
    }
    // The two places left each turn went round every unverified token.
    expect(junk.every((ref) => quoteOf(ref) !== undefined)).toBe(true);
  });

  test('verified tokens beyond the budget take turns among themselves, before any unverified one', async () => {
    const verified = [1, 2, 3].map((n) => ({ ...contract(n + 100), verified: true }));
    const { server, cache } = await geckoCache(priceAll('6'), {
      maxContracts: 2,
      contractBatchSize: 10,
      contracts: async () => [contract(1), contract(2), ...verified],
    });
    const askedFor = () =>
      server.requests.filter((r) => r.path.startsWith('/simple/token_price')).map((r) => r.keys);
    await cache.refresh();
    await cache.refresh();
    expect(askedFor()).toEqual([
      [verified[0]?.address, verified[1]?.address],
      [verified[2]?.address, verified[0]?.address],
    ]);
  });

  test('keeps the last good prices through failures; they turn stale by age', async () => {
    let down = false;
    const { cache } = await geckoCache((request) => (down ? { status: 503 } : priceAll('3')(request)), {
      contracts: async () => [contract(1)],
    });
    await cache.start();
    const firstAt = clock;
    expect(cache.get()).toMatchObject({ source: 'coingecko', stale: false });
    down = true;
    clock += MAX_AGE_MS + 1;
    await cache.refresh();
    const snapshot = cache.get();
    expect(snapshot).toMatchObject({ source: 'coingecko', stale: true, updatedAt: iso(firstAt) });
    expect(snapshot.symbols.get('BTC')).toEqual({ price: '3', source: 'coingecko', asOf: firstAt });
    expect(snapshot.contracts.get(`1:${contract(1).address}`)?.asOf).toBe(firstAt);
    expect(JSON.stringify(warnings)).toContain('HTTP 503');
  });

  test('a failing token list costs the contract prices only', async () => {
    const { cache } = await geckoCache(priceAll('4'), {
      contracts: () => Promise.reject(new Error('database down')),
    });
    await cache.refresh();
    expect(cache.get().symbols.get('ETH')?.price).toBe('4');
    expect(cache.get().contracts.size).toBe(0);
    expect(JSON.stringify(warnings)).toContain('database down');
  });
});
