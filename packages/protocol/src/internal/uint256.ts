import { MAX_UINT256 } from './hex';

/** SafeMath v1's `safeMul`: the contract asserts (reverts) when a product leaves uint256. */
export function safeMul(a: bigint, b: bigint): bigint {
  const product = a * b;
  if (product > MAX_UINT256) throw new RangeError('uint256 overflow: the contract would revert');
  return product;
}

export function assertUint256(name: string, value: bigint): void {
  if (value < 0n || value > MAX_UINT256) throw new RangeError(`${name} must be a uint256, got ${value}`);
}

/** Amounts arrive as wire strings (orders) or bigints (chain reads); both mean the same integer. */
export type UintLike = bigint | string;

export function toUint(name: string, value: UintLike): bigint {
  if (typeof value === 'string' && !/^\d+$/.test(value))
    throw new RangeError(`${name} must be a decimal integer string`);
  const result = BigInt(value);
  assertUint256(name, result);
  return result;
}

/** `Math.min` for bigints (Math.min throws on them). */
export function minUint(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
