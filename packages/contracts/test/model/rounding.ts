import { Fraction } from './Fraction.js';
import { MAX_UINT256, Revert } from './ModelWorld.js';

/*
 * v1's math helpers (PROTOCOL.md §4.3) stated as exact fractions: the share of `target` that
 * `numerator / denominator` of an order is worth, the floor the contract keeps, and the relative
 * error of that floor. Reverts sit where v1's SafeMath asserts or divides by zero.
 */

const MILLION = Fraction.of(1_000_000n);
/** v1 allows a truncation of up to 0.1 %, in the millionths it floors to. */
const MAX_ERROR_MILLIONTHS = 1000n;

/** `safeMul` asserts when the product leaves uint256. */
function product(a: bigint, b: bigint): bigint {
  if (a * b > MAX_UINT256) throw new Revert('arithmetic: safeMul');
  return a * b;
}

/** The exact `target × numerator / denominator`, before any rounding. */
function exactShare(numerator: bigint, denominator: bigint, target: bigint): Fraction {
  return Fraction.of(product(numerator, target), denominator);
}

/** getPartialAmount: the floor of the exact share; a zero denominator reverts (division by zero). */
export function getPartialAmount(numerator: bigint, denominator: bigint, target: bigint): bigint {
  if (denominator === 0n) throw new Revert('arithmetic: division by zero');
  return exactShare(numerator, denominator, target).floor();
}

/**
 * isRoundingError: whether the floor of the exact share loses more than 0.1 % of it. The contract
 * measures the loss in whole millionths of the share (floored), so exactly 1000.x millionths is no error;
 * `mulmod` by zero is 0, so a zero denominator is no error either.
 */
export function isRoundingError(numerator: bigint, denominator: bigint, target: bigint): boolean {
  if (denominator === 0n) return false;
  const share = Fraction.of(numerator * target, denominator);
  const lost = share.minus(Fraction.of(share.floor()));
  if (lost.isZero()) return false;
  // v1 multiplies the remainder (the loss in units of 1/denominator) by a million, then the whole product.
  product(lost.times(Fraction.of(denominator)).floor(), 1_000_000n);
  product(numerator, target);
  const errorMillionths = lost.dividedBy(share).times(MILLION).floor();
  return errorMillionths > MAX_ERROR_MILLIONTHS;
}
