/** Token decimals the relayer supports (see `tokenSchema`); anything else is a programming error. */
export function assertDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 36) {
    throw new RangeError(`decimals must be an integer from 0 to 36, got ${decimals}`);
  }
}
