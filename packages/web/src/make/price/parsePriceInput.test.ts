import { expect, test } from 'vitest';
import { REQUIRED_MESSAGE } from '../../format/amounts';
import { PRICE_FORMAT_MESSAGE, parsePriceInput, ZERO_PRICE_MESSAGE } from './parsePriceInput';

test('reads a typed price as an exact fraction', () => {
  expect(parsePriceInput(' 0.05 ').value).toEqual({ numerator: 5n, denominator: 100n });
  expect(parsePriceInput('12').value).toEqual({ numerator: 12n, denominator: 1n });
  expect(parsePriceInput('.5').value).toEqual({ numerator: 5n, denominator: 10n });
});

test('refuses what is not a plain positive number, in words', () => {
  expect(parsePriceInput('').error).toBe(REQUIRED_MESSAGE);
  expect(parsePriceInput('0.000').error).toBe(ZERO_PRICE_MESSAGE);
  for (const text of ['1e-3', '-1', '1,5', '.', 'abc', '1'.repeat(61)]) {
    expect(parsePriceInput(text).error).toBe(PRICE_FORMAT_MESSAGE);
  }
});
