import { expect, test } from 'vitest';
import { priceQuality } from './priceQuality';

const now = Date.parse('2026-01-01T12:00:00Z');
const maxAgeMs = 15 * 60_000;

test('static prices are examples at any age', () => {
  expect(priceQuality('static', null, now, maxAgeMs)).toBe('example');
  expect(priceQuality('static', now, now, maxAgeMs)).toBe('example');
});

test('market prices are live up to the age limit and stale past it or without a time', () => {
  expect(priceQuality('ticker', now - maxAgeMs, now, maxAgeMs)).toBe('live');
  expect(priceQuality('coingecko', now - maxAgeMs - 1, now, maxAgeMs)).toBe('stale');
  expect(priceQuality('coingecko', null, now, maxAgeMs)).toBe('stale');
});
