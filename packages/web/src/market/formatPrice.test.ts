import { describe, expect, test } from 'vitest';
import { formatPrice, priceDecimals } from './formatPrice';

const q = (numerator: bigint, denominator = 1n) => ({ numerator, denominator });

describe('formatPrice', () => {
  test('keeps exactly the places asked, zeros included, and rounds as told', () => {
    expect(formatPrice(q(1n, 3n), 4, 'down')).toBe('0.3333');
    expect(formatPrice(q(1n, 3n), 4, 'up')).toBe('0.3334');
    expect(formatPrice(q(2n, 3n), 4, 'nearest')).toBe('0.6667');
    expect(formatPrice(q(5n, 2n), 0, 'nearest')).toBe('3');
    expect(formatPrice(q(2500n), 2, 'up')).toBe('2500.00');
    // Exact values are not moved by either rounding.
    expect(formatPrice(q(1n, 8n), 3, 'up')).toBe('0.125');
  });

  test('negative values (a crossed spread) round by value: up is toward zero', () => {
    expect(formatPrice(q(-1n, 3n), 2, 'up')).toBe('-0.33');
    expect(formatPrice(q(-1n, 3n), 2, 'down')).toBe('-0.34');
    expect(formatPrice(q(-1n, 1000n), 2, 'up')).toBe('0.00');
  });
});

describe('priceDecimals', () => {
  test('six significant digits of the smallest price, at least two places', () => {
    expect(priceDecimals(q(2500n))).toBe(2);
    expect(priceDecimals(q(1n, 2n))).toBe(6);
    expect(priceDecimals(q(1234n, 10_000_000n))).toBe(9);
    expect(priceDecimals(q(123_456_789n))).toBe(2);
    expect(priceDecimals(undefined)).toBe(2);
  });
});
