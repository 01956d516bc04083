/** An exact non-negative decimal: `units / 10^scale`. Prices only; amounts use base-unit bigints. */
export interface Decimal {
  units: bigint;
  scale: number;
}

/** Beyond this an exponent is not a price but an attempt to make us allocate huge integers. */
const MAX_EXPONENT = 1000;

/**
 * Parses a non-negative decimal such as "1234.5678", ".5" or "1e-7" (tickers send exponents for tiny
 * prices) exactly. Returns undefined for anything else, including signs other than a leading '+'.
 */
export function parseDecimal(text: string): Decimal | undefined {
  const match = /^\+?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text.trim());
  if (!match) return undefined;
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (whole === '' && fraction === '') return undefined;
  const exponent = Number(match[3] ?? '0');
  if (Math.abs(exponent) > MAX_EXPONENT) return undefined;
  let units = BigInt(`${whole}${fraction}` || '0');
  let scale = fraction.length - exponent;
  if (scale < 0) {
    units *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { units, scale };
}

/** Canonical plain form: no exponent, no trailing fraction zeros, "0" for zero. */
export function decimalToString({ units, scale }: Decimal): string {
  const digits = units.toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

export function compareDecimals(a: Decimal, b: Decimal): -1 | 0 | 1 {
  const left = a.units * 10n ** BigInt(Math.max(0, b.scale - a.scale));
  const right = b.units * 10n ** BigInt(Math.max(0, a.scale - b.scale));
  return left < right ? -1 : left > right ? 1 : 0;
}

/** numerator / denominator rounded half-up to `places` fraction digits (both positive integers). */
export function divideToDecimal(numerator: bigint, denominator: bigint, places: number): Decimal {
  const scaled = numerator * 10n ** BigInt(places);
  return { units: (2n * scaled + denominator) / (2n * denominator), scale: places };
}
