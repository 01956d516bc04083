import { parsePrice } from '@relayer/protocol';

// A ticker price is a few dozen characters at most; longer text (or a huge exponent) is not a price.
const MAX_INPUT_LENGTH = 48;
const MAX_OUTPUT_LENGTH = 64;

/**
 * A market price as an exact plain decimal string (protocol's `parsePrice`: exponents such as
 * "1.2e-05" rewritten exactly, never through a JS number), or undefined unless it is a finite
 * positive decimal written as a string.
 */
export function parseUsdPrice(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > MAX_INPUT_LENGTH) return undefined;
  const price = parsePrice(value);
  if (price === undefined || price.length > MAX_OUTPUT_LENGTH || !/[1-9]/.test(price)) return undefined;
  return price;
}
