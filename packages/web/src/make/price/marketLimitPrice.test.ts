import { expect, test } from 'vitest';
import { marketPairPrice, steppedPriceText } from './marketLimitPrice';

test('the pair price from USD prices, in either token', () => {
  // REP at $20 and WETH at $400: 0.05 WETH per REP, 20 REP per WETH.
  expect(marketPairPrice('20', '400', 'taker')).toEqual({ numerator: 20n, denominator: 400n });
  expect(marketPairPrice('20', '400', 'maker')).toEqual({ numerator: 400n, denominator: 20n });
  expect(marketPairPrice('20', undefined, 'taker')).toBeUndefined();
  expect(marketPairPrice('0', '400', 'taker')).toBeUndefined();
});

test('the market buttons move the price by whole percents of it, rounded to six digits', () => {
  const market = { numerator: 20n, denominator: 400n };
  expect(steppedPriceText(market, 0)).toBe('0.05');
  expect(steppedPriceText(market, -5)).toBe('0.0475');
  expect(steppedPriceText(market, 1)).toBe('0.0505');
  expect(steppedPriceText({ numerator: 1n, denominator: 3n }, 5)).toBe('0.35');
  expect(steppedPriceText({ numerator: 1n, denominator: 7n }, 0)).toBe('0.142857');
});
