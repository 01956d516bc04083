import { RelayerError } from '../errors/RelayerError';
import { MAX_UINT256 } from '../internal/hex';
import { assertDecimals } from './assertDecimals';

/**
 * Converts a human amount ("1.5" tokens) to base units (1500000000000000000n for 18 decimals), exactly.
 * Accepts "1", "1.5", ".5" and "1."; refuses signs, exponents, whitespace, grouping and more fraction
 * digits than the token has, because silently rounding a user's amount would trade something else.
 */
export function toBaseUnits(human: string, decimals: number): bigint {
  assertDecimals(decimals);
  const match = /^(\d*)(?:\.(\d*))?$/.exec(human);
  const whole = match?.[1] ?? '';
  const fraction = match?.[2] ?? '';
  if (!match || (whole === '' && fraction === '')) {
    throw new RelayerError('INCORRECT_FORMAT', `"${human}" is not a plain decimal amount such as 1.5`);
  }
  if (fraction.length > decimals) {
    throw new RelayerError('INCORRECT_FORMAT', `"${human}" has more than ${decimals} decimal places`);
  }
  const value = BigInt(`${whole}${fraction.padEnd(decimals, '0')}` || '0');
  if (value > MAX_UINT256) throw new RelayerError('VALUE_OUT_OF_RANGE', `"${human}" is too large`);
  return value;
}
