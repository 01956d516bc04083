import { formatAmount, fromBaseUnits, MAX_UINT256, toBaseUnits } from '@relayer/protocol';

/*
 * The web app's one place for token amounts: what the user types (a decimal string) to bigint base
 * units, and base units (bigint, or the wire's decimal strings) to what the user reads. Everything else
 * keeps amounts as bigint or wire strings; only the display edge formats them. The arithmetic itself is
 * @relayer/protocol's (exact bigint decimal shifting, never floats).
 */

/** SPEC §9: ether to wei is 10^18. */
export const ETHER_DECIMALS = 18;
/** Fraction digits shown where space is short (table cells, balances); the exact amount is one hover away. */
export const DISPLAY_DECIMALS = 6;
/** Allowances at or above 2^255 are "unlimited" approvals for every practical purpose. */
const UNLIMITED = 2n ** 255n;
const UINT256_DIGITS = MAX_UINT256.toString().length;

export const REQUIRED_MESSAGE = 'This field is required';
export const ZERO_AMOUNT_MESSAGE = "Amount can't be 0";

export type AmountInput = { value: bigint; error?: undefined } | { value?: undefined; error: string };

type AmountProblem = 'empty' | 'format' | 'decimals' | 'tooLarge' | 'zero';

/** A wire amount (a uint256 decimal string of an order record) as bigint base units. */
export function baseUnits(wire: string | bigint): bigint {
  return BigInt(wire);
}

/** Base units in the wire's form: a uint256 decimal string. */
export function wireAmount(base: bigint): string {
  return base.toString();
}

/**
 * A typed amount in exact base units, or what is wrong with it. Never rounds: more fraction digits than
 * the token has is a problem, because a silently rounded amount would trade something the user did not type.
 */
function readAmount(text: string, decimals: number): { value: bigint } | { problem: AmountProblem } {
  const trimmed = text.trim();
  if (trimmed === '') return { problem: 'empty' };
  const match = /^(\d*)(?:\.(\d*))?$/.exec(trimmed);
  const whole = match?.[1] ?? '';
  const fraction = match?.[2] ?? '';
  if (!match || (whole === '' && fraction === '')) return { problem: 'format' };
  if (fraction.length > decimals) return { problem: 'decimals' };
  // A pasted page of digits is refused before any bigint is built from it.
  if (whole.replace(/^0+/, '').length > UINT256_DIGITS) return { problem: 'tooLarge' };
  let value: bigint;
  try {
    value = toBaseUnits(trimmed, decimals);
  } catch {
    return { problem: 'tooLarge' };
  }
  return value === 0n ? { problem: 'zero' } : { value };
}

/** An order form's amount (make, take) in base units of a token, or the message to show under the field. */
export function parseAmountInput(text: string, decimals: number, symbol: string): AmountInput {
  const read = readAmount(text, decimals);
  if ('value' in read) return read;
  const messages: Record<AmountProblem, string> = {
    empty: ZERO_AMOUNT_MESSAGE,
    zero: ZERO_AMOUNT_MESSAGE,
    format: 'Enter a plain number such as 1.5',
    decimals:
      decimals === 0
        ? `${symbol} has no decimal places: enter a whole number`
        : `${symbol} allows at most ${decimals} decimal places`,
    tooLarge: 'Amount is too large',
  };
  return { error: messages[read.problem] };
}

/** An ether amount to wrap or unwrap, in wei, checked against what the user holds (when known). */
export function parseEtherAmount(text: string, available: bigint | undefined): AmountInput {
  const read = readAmount(text, ETHER_DECIMALS);
  if ('value' in read) {
    return available !== undefined && read.value > available ? { error: 'More than your balance' } : read;
  }
  const messages: Record<AmountProblem, string> = {
    empty: REQUIRED_MESSAGE,
    zero: ZERO_AMOUNT_MESSAGE,
    format: 'Enter an amount such as 0.5 (at most 18 decimals)',
    decimals: 'Enter an amount such as 0.5 (at most 18 decimals)',
    tooLarge: 'Amount is too large',
  };
  return { error: messages[read.problem] };
}

/** The exact human amount ("1.5", trailing zeros trimmed), for fields and sentences that must not round. */
export function formatExactAmount(base: bigint | string, decimals: number): string {
  return fromBaseUnits(base, decimals);
}

/** Rounded to 6 places; a tiny non-zero amount reads "<0.000001" rather than a misleading "0". */
export function formatShortAmount(base: bigint | string, decimals: number): string {
  const shown = formatAmount(base, decimals, DISPLAY_DECIMALS);
  if (shown === '0' && baseUnits(base) > 0n) return `<${fromBaseUnits(1n, DISPLAY_DECIMALS)}`;
  return shown;
}

/** A balance or allowance, exact; an allowance too large to ever run out reads 'Unlimited'. */
export function formatHolding(base: bigint, decimals: number): string {
  return base >= UNLIMITED ? 'Unlimited' : fromBaseUnits(base, decimals);
}
