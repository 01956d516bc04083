import type { Fraction } from '@relayer/protocol';
import { reduceFraction } from './priceFraction';

export interface PriceText {
  /** The decimal shown: every digit when the fraction ends, else rounded to `significant` digits. */
  text: string;
  /** The text is the fraction itself, not a rounding of it. */
  exact: boolean;
}

/** Beyond this many fraction digits a terminating price is still shown rounded: it is not readable. */
const MAX_EXACT_DIGITS = 40;

/**
 * A price fraction as a decimal. A fraction whose reduced denominator has no prime factor but 2 and 5
 * ends after finitely many digits and is written out exactly; any other (1/3) is rounded half-up to
 * `significant` significant digits and says so (`exact: false`).
 */
export function exactPriceText(price: Fraction, significant = 8): PriceText {
  const { numerator, denominator } = reduceFraction(price);
  let rest = denominator;
  let twos = 0;
  let fives = 0;
  while (rest % 2n === 0n) [rest, twos] = [rest / 2n, twos + 1];
  while (rest % 5n === 0n) [rest, fives] = [rest / 5n, fives + 1];
  const places = Math.max(twos, fives);
  if (rest === 1n && places <= MAX_EXACT_DIGITS) {
    return { text: decimalText((numerator * 10n ** BigInt(places)) / denominator, places), exact: true };
  }
  return { text: roundedText({ numerator, denominator }, significant), exact: false };
}

/** Half-up to `significant` significant digits, at least to whole units; trailing zeros trimmed. */
export function roundedText({ numerator, denominator }: Fraction, significant: number): string {
  const whole = numerator / denominator;
  let places = significant - (whole > 0n ? whole.toString().length : 0);
  if (whole === 0n && numerator > 0n) {
    // Zeros right after the point do not count as significant digits.
    let zeros = 0n;
    while (numerator * 10n ** (zeros + 1n) < denominator) zeros += 1n;
    places = significant + Number(zeros);
  }
  places = Math.max(0, places);
  const scaled = numerator * 10n ** BigInt(places);
  const units = (2n * scaled + denominator) / (2n * denominator);
  return decimalText(units, places);
}

function decimalText(units: bigint, places: number): string {
  const digits = units.toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const fraction = digits.slice(digits.length - places).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}
