import { toBaseUnitBigInt } from '../internal/baseUnits';
import { assertDecimals } from './assertDecimals';
import { fromBaseUnits } from './fromBaseUnits';

/**
 * A base-unit amount for display: rounded half-up to at most `displayDecimals` places, trailing zeros
 * trimmed, no grouping or exponent (so it pastes back into an amount field). Exact: bigint throughout.
 */
export function formatAmount(base: bigint | string, decimals: number, displayDecimals: number): string {
  assertDecimals(decimals);
  if (!Number.isInteger(displayDecimals) || displayDecimals < 0) {
    throw new RangeError(`displayDecimals must be a non-negative integer, got ${displayDecimals}`);
  }
  const value = toBaseUnitBigInt(base);
  if (displayDecimals >= decimals) return fromBaseUnits(value, decimals);
  const unit = 10n ** BigInt(decimals - displayDecimals);
  const rounded = (value + unit / 2n) / unit;
  return fromBaseUnits(rounded, displayDecimals);
}
