import type { TokenRecord } from '@relayer/protocol';
import { expect, test, vi } from 'vitest';
import { FAKE_WETH, REP, WETH, ZRX } from '../test/fixtures';
import { fetchTickerPrices } from './fetchTickerPrices';

// Network 50: two known contracts, a lookalike of one and an unverified namesake of a registry coin.
const REP_LIKE: TokenRecord = { ...REP, verified: false };

const NOW = Date.parse('2026-01-01T12:00:00Z');

function ticker(pages: Record<string, unknown[]>) {
  return vi.fn(async (url: URL | RequestInfo) => {
    const start = new URL(String(url)).searchParams.get('start');
    return new Response(JSON.stringify(pages[start ?? ''] ?? []));
  });
}

test('reads five pages of 100 and prices listed tokens by address, as the relayer would', async () => {
  const fetchFn = ticker({
    '0': [
      { symbol: 'ETH', price_usd: '3000.12', last_updated: String(NOW / 1000 - 60) },
      { symbol: 'ZRX', price_usd: 0.5 },
    ],
    '100': [
      { symbol: 'ZRX', price_usd: '9' },
      { symbol: 'REP', price_usd: '12' },
      { symbol: 'BAD', price_usd: null },
      { nonsense: true },
    ],
  });
  const book = await fetchTickerPrices(
    'https://ticker.test/v1/ticker/',
    [ZRX, WETH, FAKE_WETH, REP_LIKE],
    50,
    fetchFn,
    () => NOW,
  );
  expect(fetchFn.mock.calls.map(([url]) => new URL(String(url)).search)).toEqual([
    '?start=0&limit=100',
    '?start=100&limit=100',
    '?start=200&limit=100',
    '?start=300&limit=100',
    '?start=400&limit=100',
  ]);
  // Wrapped ether and ZRX by their network-50 contracts; the first (best ranked) ZRX price wins.
  expect(book.tokens[WETH.address]).toMatchObject({
    price: '3000.12',
    basis: 'knownAddress',
    quality: 'live',
    asOf: new Date(NOW - 60_000).toISOString(),
  });
  expect(book.tokens[ZRX.address]).toMatchObject({
    price: '0.5',
    source: 'ticker',
    asOf: new Date(NOW).toISOString(),
  });
  // A lookalike "WETH" anyone added, and an unverified "REP", get nothing from the symbol they claim.
  expect(book.tokens[FAKE_WETH.address]).toBeUndefined();
  expect(book.tokens[REP_LIKE.address]).toBeUndefined();
  // Catalogue coins by their catalogue symbol; wrapped ether as ether.
  expect(book.coins.WETH?.price).toBe('3000.12');
  expect(book.coins.REP?.price).toBe('12');
});

test('a price older than 15 minutes by its own time is stale', async () => {
  const fetchFn = ticker({ '0': [{ symbol: 'ETH', price_usd: '3000', last_updated: NOW / 1000 - 3600 }] });
  const book = await fetchTickerPrices('https://ticker.test/', [WETH], 50, fetchFn, () => NOW);
  expect(book.tokens[WETH.address]?.quality).toBe('stale');
});
