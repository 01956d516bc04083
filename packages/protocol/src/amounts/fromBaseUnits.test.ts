import { describe, expect, test } from 'vitest';
import { randomBigInt, seededRandom } from '../../test/helpers';
import { fromBaseUnits } from './fromBaseUnits';
import { toBaseUnits } from './toBaseUnits';

describe('fromBaseUnits', () => {
  test.each([
    [10n ** 18n, 18, '1'],
    [15n * 10n ** 17n, 18, '1.5'],
    [1n, 18, '0.000000000000000001'],
    [0n, 18, '0'],
    [0n, 0, '0'],
    [42n, 0, '42'],
    [710n, 2, '7.1'],
    ['1000000', 6, '1'],
    ['123456789', 3, '123456.789'],
  ])('renders %s with %i decimals as "%s"', (base, decimals, expected) => {
    expect(fromBaseUnits(base, decimals)).toBe(expected);
  });

  test('renders the largest uint256 exactly', () => {
    expect(fromBaseUnits((1n << 256n) - 1n, 18)).toBe(
      '115792089237316195423570985008687907853269984665640564039457.584007913129639935',
    );
  });

  test('refuses negative amounts and non-integer strings', () => {
    expect(() => fromBaseUnits(-1n, 18)).toThrow(RangeError);
    expect(() => fromBaseUnits('1.5', 18)).toThrow(RangeError);
    expect(() => fromBaseUnits('1e18', 18)).toThrow(RangeError);
    expect(() => fromBaseUnits(1n, 37)).toThrow(RangeError);
  });

  test('round-trips through toBaseUnits for every decimals 0..36 and random amounts', () => {
    const random = seededRandom(7);
    for (let decimals = 0; decimals <= 36; decimals++) {
      for (let i = 0; i < 60; i++) {
        const base = randomBigInt(random, 256);
        const human = fromBaseUnits(base, decimals);
        expect(human).toMatch(/^\d+(\.\d*[1-9])?$/);
        expect(toBaseUnits(human, decimals)).toBe(base);
      }
    }
  });
});
