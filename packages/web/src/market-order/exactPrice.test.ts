import { describe, expect, test } from 'vitest';
import { compareFractions, fixedPlaces, formatSignificant, quotePerBase, relativeChange } from './exactPrice';

describe('exact prices', () => {
  test('a price applies both decimals: 1 USDC (6) for 2 ZRX (18) is 0.5 USDC per ZRX', () => {
    const price = quotePerBase({
      baseAmount: 2n * 10n ** 18n,
      quoteAmount: 1_000_000n,
      baseDecimals: 18,
      quoteDecimals: 6,
    });
    expect(compareFractions(price, { numerator: 1n, denominator: 2n })).toBe(0);
  });

  test('formats with significant digits, rounded half up, zeros trimmed', () => {
    expect(formatSignificant({ numerator: 1n, denominator: 3n })).toBe('0.33333333');
    expect(formatSignificant({ numerator: 2n, denominator: 3n })).toBe('0.66666667');
    expect(formatSignificant({ numerator: 2500n, denominator: 1n })).toBe('2500');
    expect(formatSignificant({ numerator: 123_456_789_012n, denominator: 1000n })).toBe('123456789');
    expect(formatSignificant({ numerator: 1n, denominator: 10n ** 20n })).toBe('0.00000000000000000001');
    expect(formatSignificant({ numerator: 0n, denominator: 7n })).toBe('0');
  });

  test('fixed places round half up', () => {
    expect(fixedPlaces({ numerator: 5n, denominator: 1000n }, 2)).toBe('0.01');
    expect(fixedPlaces({ numerator: 4n, denominator: 1000n }, 2)).toBe('0');
  });

  test('relative change is |a - b| / b either way round', () => {
    const best = { numerator: 1n, denominator: 100n };
    expect(
      compareFractions(relativeChange({ numerator: 102n, denominator: 10_000n }, best), {
        numerator: 2n,
        denominator: 100n,
      }),
    ).toBe(0);
    expect(
      compareFractions(relativeChange({ numerator: 98n, denominator: 10_000n }, best), {
        numerator: 2n,
        denominator: 100n,
      }),
    ).toBe(0);
  });
});
