import type { Fraction } from '@relayer/protocol';

/** An exact decimal string of the relayer ("-0.0125"), as a fraction the book's price formatting takes. */
export function decimalToFraction(text: string): Fraction | undefined {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return undefined;
  const [, sign, whole = '', fraction = ''] = match;
  const magnitude = BigInt(`${whole}${fraction}`);
  return { numerator: sign ? -magnitude : magnitude, denominator: 10n ** BigInt(fraction.length) };
}
