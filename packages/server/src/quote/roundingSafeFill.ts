import { isRoundingError } from '@relayer/protocol';

/** Below this many maker units a fill can round by more than 0.1 % (at or above it, it never can). */
const ROUNDING_RANGE = 1000n;

export interface RoundingSafeFillInput {
  /** The taker amount wanted. */
  want: bigint;
  /** The most the order can take now (remaining and funded); `want` never exceeds it. */
  cap: bigint;
  takerTokenAmount: bigint;
  makerTokenAmount: bigint;
  /** Whether a slightly larger fill (up to `cap`) is preferred to a smaller one: a buy fills at least what it asks. */
  roundUp: boolean;
}

/**
 * A taker amount near `want` that v1's rounding rule lets through (PROTOCOL.md §4.3: the Exchange
 * refuses a fill whose maker amount is floored by more than 0.1 %), or 0 when there is none. Such a fill
 * yields under 1000 maker units, so the candidates are few: for each maker amount m the smallest taker
 * amount giving it, ceil(m × takerTokenAmount / makerTokenAmount), rounds least, and m is tried upward
 * (when `roundUp`) then downward from `want`'s.
 */
export function roundingSafeFill(input: RoundingSafeFillInput): bigint {
  const { want, cap, takerTokenAmount: t, makerTokenAmount: m } = input;
  if (want <= 0n) return 0n;
  if (!isRoundingError(want, t, m)) return want;
  const smallestFor = (makerUnits: bigint) => (makerUnits * t + m - 1n) / m;
  const start = (want * m) / t;
  if (input.roundUp) {
    for (let units = start + 1n; units < ROUNDING_RANGE; units++) {
      const fill = smallestFor(units);
      if (fill > cap) break;
      if (!isRoundingError(fill, t, m)) return fill;
    }
  }
  for (let units = start; units > 0n; units--) {
    const fill = smallestFor(units);
    if (fill <= want && !isRoundingError(fill, t, m)) return fill;
  }
  return 0n;
}
