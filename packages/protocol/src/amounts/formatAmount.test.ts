import { describe, expect, test } from 'vitest';
import { randomBigInt, seededRandom } from '../../test/helpers';
import { formatAmount } from './formatAmount';
import { fromBaseUnits } from './fromBaseUnits';
import { toBaseUnits } from './toBaseUnits';

describe('formatAmount', () => {
  test.each([
    ['1.23456', 5, 3, '1.235'],
    ['1.2345', 4, 3, '1.235'],
    ['1.2344', 4, 3, '1.234'],
    ['1.9999', 4, 3, '2'],
    ['0.0004', 4, 3, '0'],
    ['0.0005', 4, 3, '0.001'],
    ['999.5', 1, 0, '1000'],
    ['1.5', 18, 4, '1.5'],
    ['1234567.891', 3, 2, '1234567.89'],
  ])('rounds %s (%i decimals) half-up to %i places: %s', (human, decimals, places, expected) => {
    expect(formatAmount(toBaseUnits(human, decimals), decimals, places)).toBe(expected);
  });

  test('is exact when showing at least as many places as the token has', () => {
    expect(formatAmount(123456789n, 6, 6)).toBe('123.456789');
    expect(formatAmount('123456789', 6, 10)).toBe('123.456789');
  });

  test('rounds huge amounts without losing digits', () => {
    const max = (1n << 256n) - 1n;
    expect(formatAmount(max, 18, 2)).toBe('115792089237316195423570985008687907853269984665640564039457.58');
  });

  test('stays within half a display unit of the exact value', () => {
    const random = seededRandom(3);
    for (let i = 0; i < 500; i++) {
      const decimals = Math.floor(random() * 37);
      const places = Math.floor(random() * (decimals + 1));
      const base = randomBigInt(random, 200);
      const shown = toBaseUnits(formatAmount(base, decimals, places), decimals);
      const unit = 10n ** BigInt(decimals - places);
      const diff = shown - base;
      expect(2n * diff > -unit && 2n * diff <= unit).toBe(true);
      if (places === decimals)
        expect(formatAmount(base, decimals, places)).toBe(fromBaseUnits(base, decimals));
    }
  });

  test('refuses negative display places', () => {
    expect(() => formatAmount(1n, 18, -1)).toThrow(RangeError);
  });
});
