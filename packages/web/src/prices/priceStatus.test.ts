import type { UsdPrice } from '@relayer/protocol';
import { describe, expect, test } from 'vitest';
import { formatAge, priceStatus } from './priceStatus';

const NOW = Date.parse('2026-01-01T12:00:00Z');
const MAX_AGE = 15 * 60_000;
const price = (overrides: Partial<UsdPrice>): UsdPrice => ({
  price: '1',
  symbol: 'ETH',
  source: 'coingecko',
  asOf: new Date(NOW - 3 * 60_000).toISOString(),
  quality: 'live',
  ...overrides,
});

describe('priceStatus', () => {
  test('a live price says how old it is', () => {
    expect(priceStatus(price({}), MAX_AGE, NOW)).toMatchObject({
      quality: 'live',
      label: 'live · 3 min ago',
    });
    expect(priceStatus(price({ asOf: new Date(NOW - 10_000).toISOString() }), MAX_AGE, NOW).label).toBe(
      'live · just now',
    );
    expect(priceStatus(price({}), MAX_AGE, NOW).detail).toMatch(/^Market price from CoinGecko, as of /);
  });

  test('a price turns stale here once older than the age limit, even if it arrived live', () => {
    const old = price({ asOf: new Date(NOW - 2 * 3600_000).toISOString() });
    expect(priceStatus(old, MAX_AGE, NOW)).toMatchObject({ quality: 'stale', label: 'stale · 2 h old' });
    expect(priceStatus(price({ quality: 'stale' }), MAX_AGE, NOW).quality).toBe('stale');
    expect(priceStatus(price({ asOf: null }), MAX_AGE, NOW)).toMatchObject({
      quality: 'stale',
      label: 'stale · age unknown',
    });
  });

  test('a static price is an example, whatever its age', () => {
    const example = price({ source: 'static', asOf: null, quality: 'example' });
    expect(priceStatus(example, MAX_AGE, NOW)).toMatchObject({ quality: 'example', label: 'example price' });
    expect(priceStatus(example, MAX_AGE, NOW).detail).toMatch(/not market data/);
  });
});

test('formatAge names the largest whole unit', () => {
  expect([40_000, 3 * 60_000, 2 * 3600_000, 3 * 86_400_000].map(formatAge)).toEqual([
    '40 s',
    '3 min',
    '2 h',
    '3 d',
  ]);
});
