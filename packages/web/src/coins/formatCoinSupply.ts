const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 8 });

/**
 * A catalogue TotalCoinSupply for people: digits grouped, '0' as no fixed cap (SPEC §3: unknown or
 * unlimited), 'N/A' as is, and malformed values (spaces, stray dots) trimmed but otherwise shown raw.
 */
export function formatCoinSupply(supply: string): string {
  const value = supply.trim();
  if (value === '' || value === 'N/A') return 'N/A';
  if (!/^\d+(\.\d+)?$/.test(value)) return value;
  if (Number(value) === 0) return 'No fixed cap';
  return grouped.format(Number(value));
}
