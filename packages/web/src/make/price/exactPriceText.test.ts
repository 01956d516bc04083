import { expect, test } from 'vitest';
import { exactPriceText, roundedText } from './exactPriceText';

test('writes out every digit of a price whose decimal ends', () => {
  expect(exactPriceText({ numerator: 499_999n, denominator: 10_000_000n })).toEqual({
    text: '0.0499999',
    exact: true,
  });
  expect(exactPriceText({ numerator: 5n, denominator: 4n })).toEqual({ text: '1.25', exact: true });
  expect(exactPriceText({ numerator: 30n, denominator: 10n })).toEqual({ text: '3', exact: true });
});

test('rounds a repeating price to significant digits and says it is not exact', () => {
  expect(exactPriceText({ numerator: 1n, denominator: 3n })).toEqual({ text: '0.33333333', exact: false });
  expect(exactPriceText({ numerator: 2n, denominator: 3000n }, 4)).toEqual({
    text: '0.0006667',
    exact: false,
  });
  expect(exactPriceText({ numerator: 200_000n, denominator: 3n }, 4)).toEqual({
    text: '66667',
    exact: false,
  });
});

test('rounds half up, leading zeros not counted', () => {
  expect(roundedText({ numerator: 14n, denominator: 100_000n }, 6)).toBe('0.00014');
  expect(roundedText({ numerator: 1_234_565n, denominator: 1_000_000n }, 6)).toBe('1.23457');
  expect(roundedText({ numerator: 999_999_5n, denominator: 10_000_000n }, 6)).toBe('1');
});
