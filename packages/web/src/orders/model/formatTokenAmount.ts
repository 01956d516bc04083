import { formatAmount, fromBaseUnits } from '@relayer/protocol';

/** Fraction digits shown in table cells; the exact amount is in the cell's title. */
export const DISPLAY_DECIMALS = 6;

/**
 * A base-unit amount in human units for a table cell: rounded to 6 places, trailing zeros trimmed.
 * A tiny non-zero amount reads "<0.000001" rather than a misleading "0".
 */
export function formatTokenAmount(base: bigint | string, decimals: number): string {
  const shown = formatAmount(base, decimals, DISPLAY_DECIMALS);
  if (shown === '0' && BigInt(base) > 0n) return `<${fromBaseUnits(1n, DISPLAY_DECIMALS)}`;
  return shown;
}
