import { assertUint256, safeMul } from '../internal/uint256';

/**
 * Exchange v1 `isRoundingError`: true when flooring numerator × target / denominator loses strictly more
 * than 0.1 % of the exact value. Mirrors the contract step for step, including EVM `mulmod` returning 0
 * for a zero modulus (so a zero denominator is "no error") and reverting on uint256 overflow.
 */
export function isRoundingError(numerator: bigint, denominator: bigint, target: bigint): boolean {
  assertUint256('numerator', numerator);
  assertUint256('denominator', denominator);
  assertUint256('target', target);
  const remainder = denominator === 0n ? 0n : (target * numerator) % denominator;
  if (remainder === 0n) return false;
  const errPercentageTimes1000000 = safeMul(remainder, 1_000_000n) / safeMul(numerator, target);
  return errPercentageTimes1000000 > 1000n;
}
