import { assertUint256, safeMul } from '../internal/uint256';

/**
 * Exchange v1 `getPartialAmount`: floor(numerator × target / denominator), the rounding every fill and
 * fee uses. Throws where the contract reverts: a zero denominator or a product beyond uint256.
 */
export function getPartialAmount(numerator: bigint, denominator: bigint, target: bigint): bigint {
  assertUint256('numerator', numerator);
  assertUint256('denominator', denominator);
  assertUint256('target', target);
  if (denominator === 0n) throw new RangeError('denominator must not be zero: the contract would revert');
  return safeMul(numerator, target) / denominator;
}
