import { describe, expect, test } from 'vitest';
import { getRemainingTakerAmount } from './getRemainingTakerAmount';

describe('getRemainingTakerAmount', () => {
  test('subtracts filled and cancelled amounts', () => {
    expect(getRemainingTakerAmount(100n, 30n, 20n)).toBe(50n);
    expect(getRemainingTakerAmount('1000000000000000000000', '250000000000000000000', '0')).toBe(
      750000000000000000000n,
    );
  });

  test('is zero for a fully filled or cancelled order', () => {
    expect(getRemainingTakerAmount(100n, 100n, 0n)).toBe(0n);
    expect(getRemainingTakerAmount(100n, 0n, 100n)).toBe(0n);
  });

  test('never goes negative when a stale read over-counts', () => {
    expect(getRemainingTakerAmount(100n, 60n, 50n)).toBe(0n);
  });

  test('refuses amounts that are not base-unit integers', () => {
    expect(() => getRemainingTakerAmount('1.5', 0n, 0n)).toThrow(RangeError);
    expect(() => getRemainingTakerAmount(100n, -1n, 0n)).toThrow(RangeError);
  });
});
