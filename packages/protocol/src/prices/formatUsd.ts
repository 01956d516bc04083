import { decimalToString, parseDecimal } from '../internal/decimal';

/** What a price cell shows when there is no price (SPEC §2). */
export const MISSING_PRICE = 'N/A';

/**
 * A USD price for display with exactly `decimals` fraction digits (SPEC §9: 3), rounded half-up,
 * no currency sign or grouping; "N/A" when the price is missing or not a number.
 */
export function formatUsd(price: string | undefined, decimals = 3): string {
  if (!Number.isInteger(decimals) || decimals < 0)
    throw new RangeError(`decimals must be a non-negative integer`);
  const value = price === undefined ? undefined : parseDecimal(price);
  if (!value) return MISSING_PRICE;
  const shift = value.scale - decimals;
  const units =
    shift <= 0
      ? value.units * 10n ** BigInt(-shift)
      : (value.units + 5n * 10n ** BigInt(shift - 1)) / 10n ** BigInt(shift);
  const plain = decimalToString({ units, scale: decimals });
  const [whole, fraction = ''] = plain.split('.');
  return decimals === 0 ? `${whole}` : `${whole}.${fraction.padEnd(decimals, '0')}`;
}
