/** Parses a base-unit amount given as a bigint or a decimal integer string; negative amounts do not exist. */
export function toBaseUnitBigInt(base: bigint | string): bigint {
  if (typeof base === 'string' && !/^\d+$/.test(base))
    throw new RangeError(`"${base}" is not a base-unit integer`);
  const value = BigInt(base);
  if (value < 0n) throw new RangeError(`${value} is negative`);
  return value;
}

/** Splits a non-negative integer into whole digits and `decimals` zero-padded fraction digits. */
export function splitUnits(value: bigint, decimals: number): { whole: string; fraction: string } {
  const digits = value.toString().padStart(decimals + 1, '0');
  return {
    whole: digits.slice(0, digits.length - decimals),
    fraction: digits.slice(digits.length - decimals),
  };
}
