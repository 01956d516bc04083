import { ratesResponseSchema } from '@relayer/protocol';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { startTickerServer, type TickerAnswer, tickerEntry } from '../../test/prices/startTickerServer.js';
import { createPriceCache, type PriceCacheOptions } from './createPriceCache.js';

const REFRESH_MS = 300_000;
const warnings: object[] = [];
const log = { warn: (details: object) => warnings.push(details), info: () => {} };
let clock = Date.parse('2026-01-01T00:00:00Z');
const closers: (() => unknown)[] = [];

afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  warnings.length = 0;
});

async function cacheFor(answer: (start: number) => TickerAnswer, overrides: Partial<PriceCacheOptions> = {}) {
  const server = await startTickerServer(answer);
  const cache = createPriceCache({
    sourceUrl: server.url,
    refreshMs: REFRESH_MS,
    timeoutMs: 5_000,
    fetch,
    now: () => clock,
    log,
    ...overrides,
  });
  closers.push(server.close, () => cache.stop());
  return { server, cache };
}

const pages: Record<number, unknown[]> = {
  0: [tickerEntry('BTC', '65000.12'), tickerEntry('ETH', '2500.5'), tickerEntry('zrx', '0.3512')],
  100: [tickerEntry('MKR', '1500'), tickerEntry('ETH', '1.00')],
  200: [tickerEntry('DGD', '40.1')],
  300: [tickerEntry('MLN', '15')],
  400: [tickerEntry('SNT', '0.000031')],
};

describe('createPriceCache with a ticker source', () => {
  test('requests the five pages of 100 and merges them into upper-case symbols, WETH priced as ETH', async () => {
    const { server, cache } = await cacheFor((start) => ({ body: pages[start] }));
    await cache.start();
    expect(server.requests.map((r) => r.start).sort((a, b) => a - b)).toEqual([0, 100, 200, 300, 400]);
    expect(server.requests.every((r) => r.limit === 100)).toBe(true);
    const rates = cache.get();
    expect(ratesResponseSchema.parse(rates)).toEqual(rates);
    expect(rates).toMatchObject({ source: 'ticker', stale: false, updatedAt: new Date(clock).toISOString() });
    // The best-ranked ETH (page 0) wins over the namesake on page 100; prices stay exact strings.
    expect(rates.rates).toEqual({
      BTC: '65000.12',
      ETH: '2500.5',
      WETH: '2500.5',
      ZRX: '0.3512',
      MKR: '1500',
      DGD: '40.1',
      MLN: '15',
      SNT: '0.000031',
    });
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
    expect(cache.get().rates).toEqual({ TINY: '0.000012', REP: '1.25', BAT: '0.2' });
    expect(warnings).toHaveLength(1);
    expect(JSON.stringify(warnings[0])).toContain('HTTP 503');
  });

  test('keeps the last good prices when the source times out, and turns stale after two intervals', async () => {
    let down = false;
    const { cache } = await cacheFor((start) => (down ? { hang: true } : { body: pages[start] }), {
      timeoutMs: 150,
    });
    await cache.start();
    const firstAt = clock;
    down = true;
    clock += REFRESH_MS;
    const began = performance.now();
    await cache.refresh();
    expect(performance.now() - began).toBeLessThan(2_000);
    expect(cache.get()).toMatchObject({
      source: 'ticker',
      stale: false,
      updatedAt: new Date(firstAt).toISOString(),
    });
    expect(cache.get().rates.ETH).toBe('2500.5');
    expect(JSON.stringify(warnings)).toContain('timed out after 150 ms');
    clock += REFRESH_MS + 1;
    expect(cache.get()).toMatchObject({ source: 'ticker', stale: true });
    expect(cache.get().rates.ETH).toBe('2500.5');
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
    const rates = cache.get();
    expect(rates.updatedAt).toBe(new Date(clock).toISOString());
    expect(rates.rates).toMatchObject({
      MKR: '1600',
      ETH: '2500.5',
      WETH: '2500.5',
      BTC: '65000.12',
      SNT: '0.000031',
    });
  });

  test('serves the static file, marked static, until the source first answers; stale once unreachable for two intervals', async () => {
    const { cache } = await cacheFor(() => ({ status: 502 }));
    await cache.start();
    expect(cache.get()).toMatchObject({ source: 'static', updatedAt: null, stale: false });
    expect(cache.get().rates.ETH).toMatch(/^\d+(\.\d+)?$/);
    clock += 2 * REFRESH_MS + 1;
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
      refreshMs: REFRESH_MS,
      timeoutMs: 1000,
      fetch: () => Promise.reject(new Error('must not fetch')),
      now: () => clock,
      log,
    });
    await cache.start();
    await cache.refresh();
    clock += 10 * REFRESH_MS;
    const rates = cache.get();
    expect(ratesResponseSchema.parse(rates)).toEqual(rates);
    expect(rates).toMatchObject({ source: 'static', updatedAt: null, stale: false });
    for (const symbol of [
      'ETH',
      'ZRX',
      'REP',
      'DGD',
      'GNT',
      'MKR',
      'MLN',
      'WBTC',
      'BTC',
      'USDC',
      'DAI',
      'SAI',
    ]) {
      expect(rates.rates[symbol], symbol).toMatch(/^\d+(\.\d+)?$/);
    }
    expect(rates.rates.WETH).toBe(rates.rates.ETH);
    cache.stop();
  });
});
