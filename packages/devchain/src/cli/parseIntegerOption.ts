/** A non-negative integer flag value, with an error that names the flag instead of a bare NaN later. */
export function parseIntegerOption(flag: string, value: string): number {
  if (!/^\d+$/.test(value)) throw new Error(`${flag} must be a non-negative integer, got "${value}"`);
  return Number(value);
}
