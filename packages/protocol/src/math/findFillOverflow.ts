import { MAX_UINT256 } from '../internal/hex';
import { toUint } from '../internal/uint256';
import { NULL_ADDRESS } from '../schemas/addressSchema';
import type { FillMathOrder } from './getFillAmounts';

/** Why a fill of an order would overflow uint256 inside the v1 Exchange, and which field to blame. */
export interface FillOverflow {
  /** The order field a client should change: the larger factor of the product that overflows. */
  field: 'makerTokenAmount' | 'takerTokenAmount' | 'makerFee' | 'takerFee';
  /** Names the product and where the Exchange computes it. */
  reason: string;
}

/**
 * Finds the first uint256 overflow that some fill of `order` would hit in the v1 Exchange's own
 * arithmetic (PROTOCOL.md §4.3-§4.5), where SafeMath makes the whole transaction revert. For a fill of f
 * taker units, 1 ≤ f ≤ takerTokenAmount (T), with makerTokenAmount M, the contract computes:
 * - `getPartialAmount(f, T, M)` (fillOrder, isTransferable, cancelOrder's LogCancel): f × M;
 * - `isRoundingError(f, T, M)`: remainder × 1,000,000 and f × M, where remainder = f·M mod T takes every
 *   multiple of gcd(M, T) up to T − gcd(M, T) as f runs over 1..T;
 * - with a fee recipient, each non-zero fee `getPartialAmount(f, T, fee)`: f × fee;
 * - with a fee recipient, `isTransferable`'s ZRX totals: fillMaker + paidMakerFee ≤ M + makerFee when the
 *   maker token is ZRX. (Its taker twin f + paidTakerFee ≤ T + takerFee cannot overflow once the checks
 *   above pass: that needs T > 2^256 − takerFee with T × takerFee < 2^256, so T ≈ 2^256 and the remainder
 *   check has refused the order already.)
 * Every product grows with f, so checking the largest fill (f = T) covers every fill a relayer could list.
 * Amounts must already be valid uint256 values (the order schema guarantees it).
 */
export function findFillOverflow(
  order: FillMathOrder & { makerTokenAddress: string },
  zrxAddress: string,
): FillOverflow | undefined {
  const M = toUint('makerTokenAmount', order.makerTokenAmount);
  const T = toUint('takerTokenAmount', order.takerTokenAmount);
  const makerFee = toUint('makerFee', order.makerFee);
  const takerFee = toUint('takerFee', order.takerFee);
  const larger = <F extends FillOverflow['field']>(a: [F, bigint], b: [F, bigint]): F =>
    b[1] > a[1] ? b[0] : a[0];
  const exchangeReverts = 'uint256 in the v1 Exchange, whose own arithmetic would revert the fill';

  if (T * M > MAX_UINT256) {
    return {
      field: larger(['takerTokenAmount', T], ['makerTokenAmount', M]),
      reason: `takerTokenAmount × makerTokenAmount (getPartialAmount of a full fill) overflows ${exchangeReverts}`,
    };
  }
  if (T > 0n && (T - gcd(M, T)) * 1_000_000n > MAX_UINT256) {
    return {
      field: 'takerTokenAmount',
      reason: `a fill's rounding remainder × 1,000,000 (isRoundingError) overflows ${exchangeReverts}`,
    };
  }
  if (order.feeRecipient.toLowerCase() === NULL_ADDRESS) return undefined;
  if (T * makerFee > MAX_UINT256) {
    return {
      field: larger(['takerTokenAmount', T], ['makerFee', makerFee]),
      reason: `takerTokenAmount × makerFee (the maker fee of a full fill) overflows ${exchangeReverts}`,
    };
  }
  if (T * takerFee > MAX_UINT256) {
    return {
      field: larger(['takerTokenAmount', T], ['takerFee', takerFee]),
      reason: `takerTokenAmount × takerFee (the taker fee of a full fill) overflows ${exchangeReverts}`,
    };
  }
  const zrx = zrxAddress.toLowerCase();
  if (order.makerTokenAddress.toLowerCase() === zrx && M + makerFee > MAX_UINT256) {
    return {
      field: larger(['makerTokenAmount', M], ['makerFee', makerFee]),
      reason: `makerTokenAmount + makerFee (the maker's ZRX for a full fill) overflows ${exchangeReverts}`,
    };
  }
  return undefined;
}

function gcd(a: bigint, b: bigint): bigint {
  let [x, y] = [a, b];
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}
