import type { Fraction } from '@relayer/protocol';

/** Significant digits the ladder shows of its smallest price (every row then shows as many places). */
export const PRICE_SIGNIFICANT_DIGITS = 6;
/** At least cents-like precision, at most what any two 18-decimal tokens' prices need. */
const MIN_DECIMALS = 2;
const MAX_DECIMALS = 36;

/**
 * How a price is rounded to the places shown: an ask `up` and a bid `down`, so a shown price is never
 * better for the taker than the order's; `nearest` (half away from zero) for spread and mid.
 */
export type PriceRounding = 'up' | 'down' | 'nearest';

/**
 * An exact fraction as a decimal with exactly `decimals` places (zeros kept, so a column of prices
 * lines up), rounded as asked. Bigint throughout; no floats.
 */
export function formatPrice(price: Fraction, decimals: number, rounding: PriceRounding): string {
  if (price.denominator <= 0n) throw new RangeError('a price needs a positive denominator');
  const negative = price.numerator < 0n;
  const magnitude = negative ? -price.numerator : price.numerator;
  const scaled = magnitude * 10n ** BigInt(decimals);
  let units = scaled / price.denominator;
  const rest = scaled % price.denominator;
  // Rounding is about the value, not its magnitude: up on a negative number moves toward zero.
  const away = rounding === 'nearest' ? 2n * rest >= price.denominator : (rounding === 'up') !== negative;
  if (rest !== 0n && away) units += 1n;
  const digits = units.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  const text = decimals === 0 ? whole : `${whole}.${fraction}`;
  return negative && units !== 0n ? `-${text}` : text;
}

/**
 * Places to show so that `price` (the smallest on screen) keeps PRICE_SIGNIFICANT_DIGITS significant
 * digits: 2500 → 2 (2500.00), 0.5 → 6 (0.500000), 0.0001234 → 9. Between MIN and MAX_DECIMALS.
 */
export function priceDecimals(price: Fraction | undefined): number {
  if (!price || price.numerator <= 0n) return MIN_DECIMALS;
  // The position of the first significant digit: 10^exponent <= price < 10^(exponent + 1).
  const whole = price.numerator / price.denominator;
  let exponent: number;
  if (whole > 0n) exponent = whole.toString().length - 1;
  else {
    exponent = -1;
    while (price.numerator * 10n ** BigInt(-exponent) < price.denominator && -exponent < MAX_DECIMALS)
      exponent -= 1;
  }
  const wanted = PRICE_SIGNIFICANT_DIGITS - 1 - exponent;
  return Math.min(MAX_DECIMALS, Math.max(MIN_DECIMALS, wanted));
}
