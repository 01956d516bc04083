import type { Fraction } from './compareToMarket';

/**
 * A fraction of one as a percentage with exactly `decimals` fraction digits, rounded half-up, without
 * the sign: {1, 40} -> "2.5". Only the display edge turns the exact fraction into text.
 */
export function formatPercent({ numerator, denominator }: Fraction, decimals = 1): string {
  if (!Number.isInteger(decimals) || decimals < 0)
    throw new RangeError('decimals must be a non-negative integer');
  if (denominator <= 0n || numerator < 0n) throw new RangeError('a percentage needs a non-negative fraction');
  const scale = 10n ** BigInt(decimals);
  const scaled = (numerator * 100n * scale * 2n + denominator) / (denominator * 2n);
  const whole = scaled / scale;
  if (decimals === 0) return whole.toString();
  return `${whole}.${(scaled % scale).toString().padStart(decimals, '0')}`;
}
