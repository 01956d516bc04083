import fc from 'fast-check';
import { expect, test } from 'vitest';
import { quotePrice } from './quotePrice.js';

const SEED = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);

test('writes whole-token prices exactly, decimals applied', () => {
  expect(quotePrice({ buy: 5n * 10n ** 18n, sell: 10n ** 18n, buyDecimals: 18, sellDecimals: 18 })).toBe('5');
  expect(quotePrice({ buy: 10n ** 18n, sell: 5n * 10n ** 18n, buyDecimals: 18, sellDecimals: 18 })).toBe(
    '0.2',
  );
  // 1 whole 6-decimal token (1_000_000) for 2 whole 18-decimal tokens: 2 per 1.
  expect(quotePrice({ buy: 2n * 10n ** 18n, sell: 10n ** 6n, buyDecimals: 18, sellDecimals: 6 })).toBe('2');
  expect(quotePrice({ buy: 0n, sell: 7n, buyDecimals: 0, sellDecimals: 0 })).toBe('0');
});

test('rounds down to 18 significant digits', () => {
  expect(quotePrice({ buy: 1n, sell: 3n, buyDecimals: 0, sellDecimals: 0 })).toBe('0.333333333333333333');
  expect(quotePrice({ buy: 2n, sell: 3n, buyDecimals: 0, sellDecimals: 0 })).toBe('0.666666666666666666');
  expect(quotePrice({ buy: 10n ** 30n + 1n, sell: 3n, buyDecimals: 0, sellDecimals: 0 })).toBe(
    '333333333333333333000000000000',
  );
  expect(quotePrice({ buy: 1n, sell: 7n * 10n ** 20n, buyDecimals: 0, sellDecimals: 0 })).toBe(
    '0.00000000000000000000142857142857142857',
  );
});

test('is the ratio floored at its 18th significant digit, for any amounts', () => {
  console.log(`quotePrice: seed ${SEED} (replay with FC_SEED=${SEED})`);
  const amount = fc.bigInt({ min: 1n, max: 2n ** 256n - 1n });
  fc.assert(
    fc.property(amount, amount, fc.nat(30), fc.nat(30), (buy, sell, buyDecimals, sellDecimals) => {
      const text = quotePrice({ buy, sell, buyDecimals, sellDecimals });
      const [whole = '', fraction = ''] = text.split('.');
      const units = BigInt(whole + fraction);
      const scale = BigInt(fraction.length);
      // units / 10^scale <= exact < (units + ulp) / 10^scale, the ulp at the 18th significant digit.
      const exactNumerator = buy * 10n ** BigInt(sellDecimals);
      const exactDenominator = sell * 10n ** BigInt(buyDecimals);
      expect(units * exactDenominator <= exactNumerator * 10n ** scale).toBe(true);
      const significant = units.toString().replace(/0+$/, '').length;
      expect(significant).toBeLessThanOrEqual(18);
      const ulp = 10n ** BigInt(Math.max(0, units.toString().length - 18));
      expect((units + ulp) * exactDenominator > exactNumerator * 10n ** scale).toBe(true);
    }),
    { seed: SEED, numRuns: 300 },
  );
});
