import { splitUnits, toBaseUnitBigInt } from '../internal/baseUnits';
import { assertDecimals } from './assertDecimals';

/** Base units to the exact human amount: "1.5", "0.000001", "0"; trailing zeros trimmed, no exponent. */
export function fromBaseUnits(base: bigint | string, decimals: number): string {
  assertDecimals(decimals);
  const { whole, fraction } = splitUnits(toBaseUnitBigInt(base), decimals);
  const trimmed = fraction.replace(/0+$/, '');
  return trimmed ? `${whole}.${trimmed}` : whole;
}
