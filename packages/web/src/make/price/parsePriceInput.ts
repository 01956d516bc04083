import type { Fraction } from '@relayer/protocol';
import { REQUIRED_MESSAGE } from '../../format/amounts';

export const PRICE_FORMAT_MESSAGE = 'Enter a plain number such as 0.05';
export const ZERO_PRICE_MESSAGE = "The price can't be 0";
/** More digits than this is a pasted accident, not a price anyone means. */
const MAX_PRICE_DIGITS = 60;

export type PriceInput = { value: Fraction; error?: undefined } | { value?: undefined; error: string };

/**
 * A typed limit price ("0.05", "1234.5") as an exact fraction. Plain decimals only (no exponent, no
 * sign): what the user typed is what the conversion to base units works from, digit for digit.
 */
export function parsePriceInput(text: string): PriceInput {
  const trimmed = text.trim();
  if (trimmed === '') return { error: REQUIRED_MESSAGE };
  const match = /^(\d*)(?:\.(\d*))?$/.exec(trimmed);
  const whole = match?.[1] ?? '';
  const fraction = match?.[2] ?? '';
  if (!match || (whole === '' && fraction === '')) return { error: PRICE_FORMAT_MESSAGE };
  if (whole.length + fraction.length > MAX_PRICE_DIGITS) return { error: PRICE_FORMAT_MESSAGE };
  const numerator = BigInt(`${whole}${fraction}`);
  if (numerator === 0n) return { error: ZERO_PRICE_MESSAGE };
  return { value: { numerator, denominator: 10n ** BigInt(fraction.length) } };
}
