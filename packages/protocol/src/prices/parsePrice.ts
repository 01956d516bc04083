import { decimalToString, parseDecimal } from '../internal/decimal';

/**
 * Normalises a ticker price ("1234.5678", "0.0000123", "1e-7") to an exact plain decimal string, or
 * undefined when it is not a non-negative number. Exponents are accepted here and only here: amounts
 * never come from a ticker.
 */
export function parsePrice(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const decimal = parseDecimal(text);
  return decimal ? decimalToString(decimal) : undefined;
}
