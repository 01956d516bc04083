import {
  type ErrorCode,
  getRemainingFillableAmounts,
  NULL_ADDRESS,
  type Order,
  type OrderState,
} from '@relayer/protocol';
import type { OrderChainState } from './createChainReader.js';

export interface ComputedOrderState {
  state: OrderState;
  /** Why the order is not open (0x.js's names, PROTOCOL.md §6/§10); null when it is. */
  reason: ErrorCode | null;
  remainingTakerTokenAmount: bigint;
  remainingMakerTokenAmount: bigint;
  fillableTakerTokenAmount: bigint;
  fillableMakerTokenAmount: bigint;
}

/** 0x.js's OrderStateUtils tolerance (PROTOCOL.md §10.2): a fillable remainder below 1/10000 of the price is dust. */
const ROUNDING_HEURISTIC_FACTOR = 10_000n;

/**
 * Where an order stands given its on-chain state: the one rule acceptance and the chain watcher share,
 * so an order is never accepted that the watcher would prune at once (or the other way round).
 *
 * Checked in this order, the first match wins:
 * 1. nothing remains (filled + cancelled = takerTokenAmount): `cancelled` when any cancel contributed,
 *    else `filled` - a conclusive chain fact, so it beats expiry;
 * 2. `expired` when `nowSec + expiryMarginSec >= expiration` (with margin 0 this is the contract's own
 *    `block.timestamp >= expiration`; the margin prunes orders before a taker's fill could land too late);
 * 3. `unfunded` per PROTOCOL.md §10.2: maker balance or proxy allowance of the maker token is 0; the
 *    order charges a maker fee (fee recipient set, makerFee > 0 - the contract charges nothing
 *    otherwise) and the maker's ZRX balance or allowance is 0; nothing is fillable (ZRX as the maker token
 *    is one pool for amount and fee); or the fillable remainder fails 0x.js's rounding heuristic
 *    `fillableTaker < takerTokenAmount × 10000 / makerTokenAmount` (compared exactly, in integers);
 * 4. otherwise `open`.
 * Amounts are always reported, whatever the state.
 */
export function computeOrderState(
  order: Order,
  chainState: OrderChainState,
  nowSec: number,
  expiryMarginSec: number,
): ComputedOrderState {
  const amounts = getRemainingFillableAmounts({
    order,
    unavailableTakerAmount: chainState.filledTakerTokenAmount + chainState.cancelledTakerTokenAmount,
    makerBalance: chainState.makerBalance,
    makerAllowance: chainState.makerAllowance,
    makerZrxBalance: chainState.makerZrxBalance,
    makerZrxAllowance: chainState.makerZrxAllowance,
    zrxAddress: chainState.zrxAddress,
  });
  const result = (state: OrderState, reason: ErrorCode | null): ComputedOrderState => ({
    state,
    reason,
    ...amounts,
  });

  if (amounts.remainingTakerTokenAmount === 0n) {
    return result(
      chainState.cancelledTakerTokenAmount > 0n ? 'cancelled' : 'filled',
      'ORDER_REMAINING_FILL_AMOUNT_ZERO',
    );
  }
  if (isExpired(order.expirationUnixTimestampSec, nowSec, expiryMarginSec))
    return result('expired', 'ORDER_FILL_EXPIRED');
  const unfunded = unfundedReason(order, chainState, amounts.fillableTakerTokenAmount);
  if (unfunded) return result('unfunded', unfunded);
  return result('open', null);
}

/** The acceptance and sweep rule: expired once `now + margin >= expiration` (all in seconds). */
export function isExpired(expirationSec: string | bigint, nowSec: number, expiryMarginSec: number): boolean {
  return BigInt(Math.floor(nowSec)) + BigInt(expiryMarginSec) >= BigInt(expirationSec);
}

function unfundedReason(order: Order, chain: OrderChainState, fillableTaker: bigint): ErrorCode | null {
  if (chain.makerBalance === 0n) return 'INSUFFICIENT_MAKER_BALANCE';
  if (chain.makerAllowance === 0n) return 'INSUFFICIENT_MAKER_ALLOWANCE';
  const makerTokenIsZrx = order.makerTokenAddress === chain.zrxAddress;
  const chargesMakerFee = order.feeRecipient !== NULL_ADDRESS && BigInt(order.makerFee) > 0n;
  if (chargesMakerFee && !makerTokenIsZrx) {
    if (chain.makerZrxBalance === 0n) return 'INSUFFICIENT_MAKER_FEE_BALANCE';
    if (chain.makerZrxAllowance === 0n) return 'INSUFFICIENT_MAKER_FEE_ALLOWANCE';
  }
  if (fillableTaker === 0n) return shortfallReason(order, chain, makerTokenIsZrx, chargesMakerFee);
  const makerTokenAmount = BigInt(order.makerTokenAmount);
  const takerTokenAmount = BigInt(order.takerTokenAmount);
  if (fillableTaker * makerTokenAmount < takerTokenAmount * ROUNDING_HEURISTIC_FACTOR)
    return 'ORDER_FILL_ROUNDING_ERROR';
  return null;
}

/** Names the smaller of balance and allowance that stops the smallest fill: the maker token's, else ZRX's. */
function shortfallReason(
  order: Order,
  chain: OrderChainState,
  makerTokenIsZrx: boolean,
  chargesMakerFee: boolean,
): ErrorCode {
  // A 1-unit taker fill needs floor(makerTokenAmount / takerTokenAmount) of the maker token.
  const minimumMaker = BigInt(order.makerTokenAmount) / BigInt(order.takerTokenAmount);
  const makerShort =
    makerTokenIsZrx ||
    !chargesMakerFee ||
    chain.makerBalance < minimumMaker ||
    chain.makerAllowance < minimumMaker;
  if (makerShort)
    return chain.makerBalance <= chain.makerAllowance
      ? 'INSUFFICIENT_MAKER_BALANCE'
      : 'INSUFFICIENT_MAKER_ALLOWANCE';
  return chain.makerZrxBalance <= chain.makerZrxAllowance
    ? 'INSUFFICIENT_MAKER_FEE_BALANCE'
    : 'INSUFFICIENT_MAKER_FEE_ALLOWANCE';
}
