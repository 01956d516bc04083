import fc from 'fast-check';
import { expect, test } from 'vitest';
import { formatTradePrice } from './formatTradePrice';

const SEED = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
const price = (baseAmount: bigint, quoteAmount: bigint, baseDecimals = 18, quoteDecimals = 18) =>
  formatTradePrice({ baseAmount, quoteAmount, baseDecimals, quoteDecimals });

test('applies both tokens decimals: quote per base in whole tokens', () => {
  expect(price(10n ** 18n, 5n * 10n ** 16n)).toBe('0.05');
  expect(price(2n * 10n ** 18n, 5n * 10n ** 18n)).toBe('2.5');
  // 1 whole 6-decimal token for 2500 whole 18-decimal ones.
  expect(price(10n ** 6n, 2500n * 10n ** 18n, 6, 18)).toBe('2500');
  expect(price(3n, 0n)).toBe('0');
});

test('rounds half up to 18 significant digits, never an exponent', () => {
  expect(price(3n, 1n)).toBe('0.333333333333333333');
  expect(price(3n, 2n)).toBe('0.666666666666666667');
  expect(price(1n, 10n ** 30n)).toBe('1000000000000000000000000000000');
  expect(price(3n, 10n ** 30n)).toBe('333333333333333333000000000000');
  expect(price(10n ** 30n, 1n)).toBe('0.000000000000000000000000000001');
});

test('is monotone: a higher ratio never formats lower', () => {
  console.log(`formatTradePrice: seed ${SEED} (replay with FC_SEED=${SEED})`);
  const amount = fc.bigInt({ min: 1n, max: 2n ** 128n });
  fc.assert(
    fc.property(amount, amount, amount, amount, (b1, q1, b2, q2) => {
      const [low, high] =
        q1 * b2 <= q2 * b1 ? [price(b1, q1), price(b2, q2)] : [price(b2, q2), price(b1, q1)];
      expect(compareDecimals(low, high)).toBeLessThanOrEqual(0);
      expect(low).toMatch(/^\d+(\.\d*[1-9])?$/);
    }),
    { seed: SEED, numRuns: 300 },
  );
});

/** Exact order of two non-negative decimal strings. */
function compareDecimals(a: string, b: string): number {
  const [aWhole = '', aFraction = ''] = a.split('.');
  const [bWhole = '', bFraction = ''] = b.split('.');
  const places = Math.max(aFraction.length, bFraction.length);
  const left = BigInt(aWhole + aFraction.padEnd(places, '0'));
  const right = BigInt(bWhole + bFraction.padEnd(places, '0'));
  return left < right ? -1 : left > right ? 1 : 0;
}
