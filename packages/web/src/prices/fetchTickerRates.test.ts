import { expect, test, vi } from 'vitest';
import { fetchTickerRates } from './fetchTickerRates';

test('reads five pages of 100 and keeps the first (best ranked) price per symbol', async () => {
  const fetchFn = vi.fn(async (url: URL | RequestInfo) => {
    const start = new URL(String(url)).searchParams.get('start');
    const pages: Record<string, unknown[]> = {
      '0': [
        { symbol: 'ETH', price_usd: '3000.12' },
        { symbol: 'ZRX', price_usd: 0.5 },
      ],
      '100': [{ symbol: 'ZRX', price_usd: '9' }, { symbol: 'BAD', price_usd: null }, { nonsense: true }],
    };
    return new Response(JSON.stringify(pages[start ?? ''] ?? []));
  });
  const rates = await fetchTickerRates('https://ticker.test/v1/ticker/', fetchFn);
  expect(fetchFn.mock.calls.map(([url]) => new URL(String(url)).search)).toEqual([
    '?start=0&limit=100',
    '?start=100&limit=100',
    '?start=200&limit=100',
    '?start=300&limit=100',
    '?start=400&limit=100',
  ]);
  expect(rates).toMatchObject({
    currency: 'USD',
    source: 'ticker',
    stale: false,
    rates: { ETH: '3000.12', ZRX: '0.5' },
  });
});
