import { toUint, type UintLike } from '../internal/uint256';

/**
 * Taker-token amount still open: takerTokenAmount − (filled + cancelled), never below zero (the chain
 * never lets the unavailable amount exceed the order, but a stale read must not yield a negative).
 */
export function getRemainingTakerAmount(
  takerTokenAmount: UintLike,
  filled: UintLike,
  cancelled: UintLike,
): bigint {
  const remaining =
    toUint('takerTokenAmount', takerTokenAmount) - toUint('filled', filled) - toUint('cancelled', cancelled);
  return remaining > 0n ? remaining : 0n;
}
