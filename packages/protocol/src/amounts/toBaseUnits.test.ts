import { describe, expect, test } from 'vitest';
import { expectRelayerError } from '../../test/helpers';
import { toBaseUnits } from './toBaseUnits';

describe('toBaseUnits', () => {
  test.each([
    ['1', 18, 10n ** 18n],
    ['1.5', 18, 15n * 10n ** 17n],
    ['.5', 18, 5n * 10n ** 17n],
    ['1.', 18, 10n ** 18n],
    ['0', 18, 0n],
    ['0.000000000000000001', 18, 1n],
    ['007.10', 2, 710n],
    ['42', 0, 42n],
    ['1.000000', 6, 1000000n],
    ['123456789.123456789123456789123456789', 36, 123456789123456789123456789123456789000000000n],
  ])('converts "%s" with %i decimals to %s', (human, decimals, expected) => {
    expect(toBaseUnits(human, decimals)).toBe(expected);
  });

  test.each([
    ['an empty string', ''],
    ['a lone point', '.'],
    ['a negative amount', '-1'],
    ['a plus sign', '+1'],
    ['exponent notation', '1e18'],
    ['whitespace', ' 1'],
    ['grouping', '1,000'],
    ['two points', '1.2.3'],
    ['letters', 'abc'],
    ['Infinity', 'Infinity'],
  ])('refuses %s', (_, human) => {
    expectRelayerError(() => toBaseUnits(human, 18), 'INCORRECT_FORMAT');
  });

  test('refuses more fraction digits than the token has instead of rounding', () => {
    const error = expectRelayerError(() => toBaseUnits('1.0000001', 6), 'INCORRECT_FORMAT');
    expect(error.message).toMatch(/more than 6 decimal places/);
    expectRelayerError(() => toBaseUnits('1.5', 0), 'INCORRECT_FORMAT');
  });

  test('refuses amounts of 2^256 base units or more', () => {
    expect(toBaseUnits(((1n << 256n) - 1n).toString(), 0)).toBe((1n << 256n) - 1n);
    expectRelayerError(() => toBaseUnits((1n << 256n).toString(), 0), 'VALUE_OUT_OF_RANGE');
  });

  test.each([-1, 37, 1.5, Number.NaN])('refuses %s decimals', (decimals) => {
    expect(() => toBaseUnits('1', decimals)).toThrow(RangeError);
  });
});
