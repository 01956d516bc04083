import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { compareToMarket } from './compareToMarket';
import { formatPercent } from './formatPercent';

const E18 = 10n ** 18n;

/** An order of the maker's side for the taker's, each side as [USD price, amount in base units, decimals]. */
type Side = [priceUsd: string, amount: bigint, decimals: number];
const compare = (
  [makerPriceUsd, makerTokenAmount, makerDecimals]: Side,
  [takerPriceUsd, takerTokenAmount, takerDecimals]: Side,
) =>
  compareToMarket({
    makerPriceUsd,
    takerPriceUsd,
    makerTokenAmount,
    makerDecimals,
    takerTokenAmount,
    takerDecimals,
  });

describe('compareToMarket', () => {
  test('an order asking less than the market price is below market, by the exact share', () => {
    // 1000 ZRX (market $0.5 each, $500) offered for 0.2 WETH at $2000 ($400): asks $0.4 per ZRX, 20 % below.
    const comparison = compare(['0.5', 1000n * E18, 18], ['2000', (2n * E18) / 10n, 18]);
    expect(comparison?.relation).toBe('below');
    expect(comparison && formatPercent(comparison.difference)).toBe('20.0');
  });

  test('an order asking more than the market price is above market, with different decimals on each side', () => {
    // 1 WBTC (8 decimals, $60000) for 66000 USDC (6 decimals, $1): 10 % above.
    const comparison = compare(['60000', 100_000_000n, 8], ['1', 66_000_000_000n, 6]);
    expect(comparison).toEqual({ relation: 'above', difference: { numerator: 1n, denominator: 10n } });
  });

  test('is exact where floating point would call the prices equal', () => {
    const comparison = compare(['0.3', 1n, 0], ['0.30000000000000000001', 1n, 0]);
    expect(comparison?.relation).toBe('above');
    expect(compare(['2', 1n, 0], ['1', 2n, 0])).toEqual({
      relation: 'at',
      difference: { numerator: 0n, denominator: 1n },
    });
  });

  test('has no answer without a usable market price or for an order that offers nothing', () => {
    const base = { makerTokenAmount: 1n, makerDecimals: 0, takerTokenAmount: 1n, takerDecimals: 0 };
    expect(compareToMarket({ ...base, makerPriceUsd: '0', takerPriceUsd: '1' })).toBeUndefined();
    expect(compareToMarket({ ...base, makerPriceUsd: 'N/A', takerPriceUsd: '1' })).toBeUndefined();
    expect(
      compareToMarket({ ...base, makerPriceUsd: '1', takerPriceUsd: '1', makerTokenAmount: 0n }),
    ).toBeUndefined();
  });

  test('agrees with comparing asking and market price as exact rationals (property, seeded)', () => {
    const amount = fc.bigInt({ min: 1n, max: 10n ** 30n });
    const price = fc.tuple(fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.integer({ min: 0, max: 12 }));
    const property = fc.property(
      amount,
      amount,
      fc.integer({ min: 0, max: 36 }),
      fc.integer({ min: 0, max: 36 }),
      price,
      price,
      (makerAmount, takerAmount, makerDecimals, takerDecimals, [mu, ms], [tu, ts]) => {
        const text = (units: bigint, scale: number) =>
          scale === 0
            ? `${units}`
            : `${units / 10n ** BigInt(scale)}.${(units % 10n ** BigInt(scale)).toString().padStart(scale, '0')}`;
        const result = compareToMarket({
          makerPriceUsd: text(mu, ms),
          takerPriceUsd: text(tu, ts),
          makerTokenAmount: makerAmount,
          makerDecimals,
          takerTokenAmount: takerAmount,
          takerDecimals,
        });
        // asking = tu/10^ts * takerAmount/10^td / (makerAmount/10^md); market = mu/10^ms. Cross-multiplied:
        const left = tu * takerAmount * 10n ** BigInt(makerDecimals) * 10n ** BigInt(ms);
        const right = mu * makerAmount * 10n ** BigInt(takerDecimals) * 10n ** BigInt(ts);
        const expected = left < right ? 'below' : left > right ? 'above' : 'at';
        if (result?.relation !== expected) return false;
        // difference × market = |asking - market| exactly.
        const gap = left < right ? right - left : left - right;
        return result.difference.numerator * right === gap * result.difference.denominator;
      },
    );
    const outcome = fc.check(property, { numRuns: 300 });
    if (outcome.failed) {
      throw new Error(`seed ${outcome.seed}, shrunk counterexample ${fc.stringify(outcome.counterexample)}`);
    }
  });
});

describe('formatPercent', () => {
  test('rounds half-up to the given fraction digits', () => {
    expect(formatPercent({ numerator: 1n, denominator: 40n })).toBe('2.5');
    expect(formatPercent({ numerator: 1n, denominator: 3n })).toBe('33.3');
    expect(formatPercent({ numerator: 2n, denominator: 3n }, 2)).toBe('66.67');
    expect(formatPercent({ numerator: 1n, denominator: 2000n })).toBe('0.1');
    expect(formatPercent({ numerator: 1n, denominator: 2001n })).toBe('0.0');
    expect(formatPercent({ numerator: 3n, denominator: 1n }, 0)).toBe('300');
  });
});
