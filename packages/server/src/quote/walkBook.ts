import {
  getPartialAmount,
  getRemainingFillableAmounts,
  type Hex,
  NULL_ADDRESS,
  type SignedOrder,
} from '@relayer/protocol';
import { roundingSafeFill } from './roundingSafeFill.js';

/** One order the walk may use, best first. */
export interface WalkOrder {
  order: SignedOrder;
  orderHash: Hex;
  /** What the Exchange still lets be filled: takerTokenAmount − filled − cancelled. */
  remaining: bigint;
}

/** A maker's funds as read from the chain: the maker token's, and ZRX's for the maker fee. */
export interface MakerFunds {
  balance: bigint;
  allowance: bigint;
  zrxBalance: bigint;
  zrxAllowance: bigint;
}

/** One fill of the walk. */
export interface WalkFill extends WalkOrder {
  fillTakerAmount: bigint;
  makerAmount: bigint;
  takerFee: bigint;
}

export interface WalkBookInput {
  orders: readonly WalkOrder[];
  /** Each maker's funds; every order's maker must be here. */
  funds: ReadonlyMap<string, MakerFunds>;
  /** `sell`: `amount` is taker token to pay; `buy`: maker token to receive. */
  side: 'sell' | 'buy';
  amount: bigint;
  zrx: string;
}

export interface WalkResult {
  fills: WalkFill[];
  /** What is left of the asked amount (0 when it is all available). */
  left: bigint;
}

/**
 * The market order's walk: each order in turn, best first, takes what is left of the asked amount, up
 * to what it can fill now (PROTOCOL.md §4.5, maker side): its remaining amount and what its maker can
 * pay, the maker token and the ZRX maker fee, one pool when the maker token is ZRX. A maker's funds are
 * shared by their orders: what an earlier fill uses is gone for the next. Each fill is then moved to
 * one v1's rounding rule lets through, or the order is skipped.
 */
export function walkBook(input: WalkBookInput): WalkResult {
  const { side, zrx } = input;
  const pools = new Map<string, MakerFunds>();
  for (const [maker, funds] of input.funds) pools.set(maker, { ...funds });
  const fills: WalkFill[] = [];
  let left = input.amount;
  for (const candidate of input.orders) {
    if (left === 0n) break;
    const { order, remaining } = candidate;
    const pool = pools.get(order.maker);
    if (!pool || remaining === 0n) continue;
    const takerTokenAmount = BigInt(order.takerTokenAmount);
    const makerTokenAmount = BigInt(order.makerTokenAmount);
    const zrxIsMakerToken = order.makerTokenAddress === zrx;
    const { fillableTakerTokenAmount: cap } = getRemainingFillableAmounts({
      order,
      unavailableTakerAmount: takerTokenAmount - remaining,
      makerBalance: pool.balance,
      makerAllowance: pool.allowance,
      makerZrxBalance: pool.zrxBalance,
      makerZrxAllowance: pool.zrxAllowance,
      zrxAddress: zrx,
    });
    const needed = side === 'sell' ? left : ceilDiv(left * takerTokenAmount, makerTokenAmount);
    // biome-ignore lint/complexity/useMathMinMax: bigints, which Math.min does not take
    const want = needed < cap ? needed : cap;
    const fill = roundingSafeFill({ want, cap, takerTokenAmount, makerTokenAmount, roundUp: side === 'buy' });
    if (fill === 0n) continue;
    const charges = order.feeRecipient !== NULL_ADDRESS;
    const share = (total: string) => (charges ? getPartialAmount(fill, takerTokenAmount, BigInt(total)) : 0n);
    const makerAmount = getPartialAmount(fill, takerTokenAmount, makerTokenAmount);
    const makerFee = share(order.makerFee);
    if (zrxIsMakerToken) {
      const used = makerAmount + makerFee;
      pool.balance -= used;
      pool.allowance -= used;
      pool.zrxBalance = pool.balance;
      pool.zrxAllowance = pool.allowance;
    } else {
      pool.balance -= makerAmount;
      pool.allowance -= makerAmount;
      pool.zrxBalance -= makerFee;
      pool.zrxAllowance -= makerFee;
    }
    fills.push({ ...candidate, fillTakerAmount: fill, makerAmount, takerFee: share(order.takerFee) });
    const got = side === 'sell' ? fill : makerAmount;
    left = got >= left ? 0n : left - got;
  }
  return { fills, left };
}

function ceilDiv(numerator: bigint, denominator: bigint): bigint {
  return (numerator + denominator - 1n) / denominator;
}
