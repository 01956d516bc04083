import { MAX_UINT256, toBaseUnits } from '@relayer/protocol';

export const REQUIRED_MESSAGE = 'This field is required';
export const ZERO_AMOUNT_MESSAGE = "Amount can't be 0";

export type AmountInput = { value: bigint; error?: undefined } | { value?: undefined; error: string };

/**
 * A human amount typed by the user ("1.5") in base units of a token with `decimals`, or the message to
 * show under the field. Never rounds: more fraction digits than the token has is an error, because a
 * silently rounded amount would trade something the user did not type.
 */
export function parseAmountInput(text: string, decimals: number, symbol: string): AmountInput {
  const trimmed = text.trim();
  if (trimmed === '') return { error: ZERO_AMOUNT_MESSAGE };
  const match = /^(\d*)(?:\.(\d*))?$/.exec(trimmed);
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) {
    return { error: 'Enter a plain number such as 1.5' };
  }
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) {
    return {
      error:
        decimals === 0
          ? `${symbol} has no decimal places: enter a whole number`
          : `${symbol} allows at most ${decimals} decimal places`,
    };
  }
  const whole = match[1] ?? '';
  if (whole.replace(/^0+/, '').length > MAX_UINT256.toString().length)
    return { error: 'Amount is too large' };
  let value: bigint;
  try {
    value = toBaseUnits(trimmed, decimals);
  } catch {
    return { error: 'Amount is too large' };
  }
  if (value === 0n) return { error: ZERO_AMOUNT_MESSAGE };
  return { value };
}
