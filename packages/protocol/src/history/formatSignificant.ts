/**
 * numerator / denominator (denominator positive) as an exact decimal string rounded half away from
 * zero to `digits` significant digits: trailing zeros dropped, never an exponent, '-' when negative.
 */
export function formatSignificant(numerator: bigint, denominator: bigint, digits: number): string {
  if (denominator <= 0n) throw new RangeError('the denominator must be positive');
  if (numerator === 0n) return '0';
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  // Digit counts put the first significant digit at one of two places; one comparison picks it.
  let exponent = magnitude.toString().length - denominator.toString().length;
  if (!atLeastPowerOfTen(magnitude, denominator, exponent)) exponent -= 1;
  // Places after the point that keep `digits` significant digits (negative: rounding above the units).
  const places = digits - 1 - exponent;
  const top = places >= 0 ? magnitude * 10n ** BigInt(places) : magnitude;
  const bottom = places >= 0 ? denominator : denominator * 10n ** BigInt(-places);
  let units = top / bottom;
  if (2n * (top % bottom) >= bottom) units += 1n;
  const text = toDecimalText(units, places);
  return negative ? `-${text}` : text;
}

/** Whether numerator / denominator >= 10^exponent, in integers. */
function atLeastPowerOfTen(numerator: bigint, denominator: bigint, exponent: number): boolean {
  return exponent >= 0
    ? numerator >= denominator * 10n ** BigInt(exponent)
    : numerator * 10n ** BigInt(-exponent) >= denominator;
}

function toDecimalText(units: bigint, places: number): string {
  if (places <= 0) return (units * 10n ** BigInt(-places)).toString();
  const text = units.toString().padStart(places + 1, '0');
  const whole = text.slice(0, text.length - places);
  const fraction = text.slice(text.length - places).replace(/0+$/, '');
  return fraction === '' ? whole : `${whole}.${fraction}`;
}
