import { type Fraction, toBaseUnits } from '@relayer/protocol';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { formatExactAmount } from '../../format/amounts';
import { exactPriceText } from './exactPriceText';
import { parsePriceInput } from './parsePriceInput';
import { type OrderSide, priceToAmounts } from './priceToAmounts';

const side = fc.constantFrom<OrderSide>('maker', 'taker');
/** A typed price: up to 12 significant digits with up to 20 fraction digits ("0.05", "1234.5678"). */
const priceText = fc
  .tuple(fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.integer({ min: 0, max: 20 }))
  .map(([units, places]) => {
    const digits = units.toString().padStart(places + 1, '0');
    return places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
  });

/** a × d == b × c, for fractions with positive denominators. */
const same = (a: Fraction, b: Fraction) => a.numerator * b.denominator === b.numerator * a.denominator;

describe('priceToAmounts (property, seeded)', () => {
  test('the signed amounts carry the shown signed price exactly, within one base unit of the typed price', () => {
    const seed = Number(process.env.FC_SEED ?? 2_12_2026);
    const property = fc.property(
      priceText,
      side,
      side,
      fc.bigInt({ min: 1n, max: 10n ** 30n }),
      fc.integer({ min: 0, max: 18 }),
      fc.integer({ min: 0, max: 18 }),
      (text, quote, typed, typedAmount, makerDecimals, takerDecimals) => {
        const price = parsePriceInput(text).value;
        if (!price) return false;
        const priced = priceToAmounts({ price, quote, typed, typedAmount, makerDecimals, takerDecimals });
        const decimals = { maker: makerDecimals, taker: takerDecimals };
        const base: OrderSide = quote === 'maker' ? 'taker' : 'maker';
        const computed: OrderSide = typed === 'maker' ? 'taker' : 'maker';
        // The exact, unrounded amount of the computed side, as a fraction of base units.
        const scale = (s: OrderSide) => 10n ** BigInt(decimals[s]);
        const exact: Fraction =
          typed === base
            ? {
                numerator: typedAmount * price.numerator * scale(quote),
                denominator: price.denominator * scale(base),
              }
            : {
                numerator: typedAmount * price.denominator * scale(base),
                denominator: price.numerator * scale(quote),
              };
        if (!priced) return exact.numerator < exact.denominator && computed === 'maker';
        const amounts = { maker: priced.makerTokenAmount, taker: priced.takerTokenAmount };
        if (amounts[typed] !== typedAmount) return false;
        // Rounded to a whole base unit, less than one away, in the maker's favour.
        const got = amounts[computed] * exact.denominator;
        const gap = computed === 'taker' ? got - exact.numerator : exact.numerator - got;
        if (gap < 0n || gap >= exact.denominator) return false;
        // The ratio of the signed amounts, in human units, is the signed price.
        const ratio = { numerator: amounts[quote] * scale(base), denominator: amounts[base] * scale(quote) };
        if (!same(ratio, priced.signedPrice)) return false;
        if (priced.exact !== same(ratio, price)) return false;
        // What is shown: every digit when the decimal ends, else a rounding that the exact amounts back.
        const shown = exactPriceText(priced.signedPrice);
        const read = parsePriceInput(shown.text).value;
        if (!read) return false;
        if (shown.exact) return same(read, ratio);
        const back = (s: OrderSide) => toBaseUnits(formatExactAmount(amounts[s], decimals[s]), decimals[s]);
        if (back('maker') !== amounts.maker || back('taker') !== amounts.taker) return false;
        // Half a unit of the last shown digit at most.
        const error = read.numerator * ratio.denominator - ratio.numerator * read.denominator;
        return 2n * (error < 0n ? -error : error) <= ratio.denominator;
      },
    );
    const outcome = fc.check(property, { seed, numRuns: 1000 });
    if (outcome.failed)
      throw new Error(`seed ${seed}, shrunk counterexample ${fc.stringify(outcome.counterexample)}`);
    expect(outcome.numRuns).toBe(1000);
  });
});
