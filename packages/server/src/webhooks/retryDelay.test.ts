import { describe, expect, test } from 'vitest';
import { retryDelay } from './retryDelay.js';

describe('retryDelay', () => {
  test('doubles from the base per failure, drawn from the upper half, and stops at the cap', () => {
    const low = () => 0;
    const high = () => 0.999999;
    expect([1, 2, 3, 4].map((n) => retryDelay(n, 1000, 600_000, low))).toEqual([500, 1000, 2000, 4000]);
    expect([1, 2, 3, 4].map((n) => retryDelay(n, 1000, 600_000, high))).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelay(30, 1000, 600_000, high)).toBe(600_000);
    expect(retryDelay(30, 1000, 600_000, low)).toBe(300_000);
    // A huge attempt count does not overflow into Infinity or NaN.
    expect(retryDelay(10_000, 1000, 600_000, high)).toBe(600_000);
  });
});
