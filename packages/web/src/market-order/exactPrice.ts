import type { Fraction } from '@relayer/protocol';

/** Significant digits a price of the review shows. */
export const PRICE_DIGITS = 8;

/** A price in quote per base, human units: quote × 10^baseDecimals / (base × 10^quoteDecimals). */
export function quotePerBase(input: {
  baseAmount: bigint;
  quoteAmount: bigint;
  baseDecimals: number;
  quoteDecimals: number;
}): Fraction {
  return {
    numerator: input.quoteAmount * 10n ** BigInt(input.baseDecimals),
    denominator: input.baseAmount * 10n ** BigInt(input.quoteDecimals),
  };
}

/** -1, 0 or 1 as a is below, equal to or above b (denominators positive). */
export function compareFractions(a: Fraction, b: Fraction): number {
  const left = a.numerator * b.denominator;
  const right = b.numerator * a.denominator;
  return left < right ? -1 : left > right ? 1 : 0;
}

export function multiplyFractions(a: Fraction, b: Fraction): Fraction {
  return { numerator: a.numerator * b.numerator, denominator: a.denominator * b.denominator };
}

/** |a - b| / b: how far a lies from b, as a fraction of b (b positive). */
export function relativeChange(a: Fraction, b: Fraction): Fraction {
  const difference = a.numerator * b.denominator - b.numerator * a.denominator;
  return {
    numerator: difference < 0n ? -difference : difference,
    denominator: a.denominator * b.numerator,
  };
}

/**
 * A positive fraction as a plain decimal with `digits` significant digits (at least the whole part),
 * rounded half up, trailing zeros trimmed: 1/3 -> "0.33333333", 2500 -> "2500". Bigint throughout.
 */
export function formatSignificant(value: Fraction, digits = PRICE_DIGITS): string {
  if (value.denominator <= 0n || value.numerator < 0n) throw new RangeError('a non-negative fraction');
  if (value.numerator === 0n) return '0';
  // Places so that the first significant digit and digits - 1 more are kept.
  let places = 0;
  while (value.numerator * 10n ** BigInt(places) < value.denominator * 10n ** BigInt(digits - 1)) places += 1;
  return fixedPlaces(value, places);
}

/** A non-negative fraction with at most `places` fraction digits, rounded half up, zeros trimmed. */
export function fixedPlaces(value: Fraction, places: number): string {
  const scaled = value.numerator * 10n ** BigInt(places);
  const units = (2n * scaled + value.denominator) / (2n * value.denominator);
  const text = units.toString().padStart(places + 1, '0');
  const whole = text.slice(0, text.length - places);
  const fraction = text.slice(text.length - places).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}
