import type { Fraction } from '@relayer/protocol';

/** A positive fraction in lowest terms, so that two equal prices compare equal field by field. */
export function reduceFraction({ numerator, denominator }: Fraction): Fraction {
  let [x, y] = [numerator < 0n ? -numerator : numerator, denominator];
  while (y !== 0n) [x, y] = [y, x % y];
  return x === 0n ? { numerator, denominator } : { numerator: numerator / x, denominator: denominator / x };
}

/** -1, 0 or 1 as a is below, equal to or above b (denominators positive). */
export function compareFractions(a: Fraction, b: Fraction): -1 | 0 | 1 {
  const left = a.numerator * b.denominator;
  const right = b.numerator * a.denominator;
  return left < right ? -1 : left > right ? 1 : 0;
}
