import { minUint, toUint, type UintLike } from '../internal/uint256';
import { NULL_ADDRESS } from '../schemas/addressSchema';
import type { FillMathOrder } from './getFillAmounts';
import { getRemainingTakerAmount } from './getRemainingTakerAmount';

export interface RemainingFillableInput {
  order: FillMathOrder & { makerTokenAddress: string };
  /** `filled + cancelled` from the Exchange (`getUnavailableTakerTokenAmount`). */
  unavailableTakerAmount: UintLike;
  /** Maker's balance of / proxy allowance for the maker token. When it is ZRX these are the ZRX figures. */
  makerBalance: bigint;
  makerAllowance: bigint;
  /** Maker's ZRX balance / proxy allowance, for the maker fee; ignored when the maker token is ZRX. */
  makerZrxBalance: bigint;
  makerZrxAllowance: bigint;
  zrxAddress: string;
}

export interface RemainingFillableAmounts {
  /** Open on chain: takerTokenAmount − filled − cancelled. */
  remainingTakerTokenAmount: bigint;
  /** The maker side of that: floor(remainingTaker × makerTokenAmount / takerTokenAmount). */
  remainingMakerTokenAmount: bigint;
  /** Largest taker amount a fill could take right now without failing on the maker's funds. */
  fillableTakerTokenAmount: bigint;
  /** What the maker would hand over for that fill (the contract's floor rounding). */
  fillableMakerTokenAmount: bigint;
}

/**
 * How much of an order is still open and how much the maker can currently pay for (PROTOCOL.md §10),
 * judged by the contract's own maker-side `isTransferable` rules (§4.5) rather than 0x.js's simulation:
 * - the maker pays the floor-rounded maker amount, and a fee only when the order has a fee recipient
 *   (0x.js also simulated fees without one; the contract never charges them);
 * - with ZRX as the maker token, the trade and the fee come out of one ZRX pool;
 * - funds are min(balance, allowance).
 * The fillable amount is the largest integer taker amount that passes, found by bisection (the
 * maker-side totals are monotone in it), so the result is always a fill the contract would accept from
 * the maker's side. Taker funds and the 0.1 % rounding rule are left to the fill-time checks.
 */
export function getRemainingFillableAmounts(input: RemainingFillableInput): RemainingFillableAmounts {
  const { order } = input;
  const makerTokenAmount = toUint('makerTokenAmount', order.makerTokenAmount);
  const takerTokenAmount = toUint('takerTokenAmount', order.takerTokenAmount);
  const makerFee = toUint('makerFee', order.makerFee);
  if (makerTokenAmount === 0n || takerTokenAmount === 0n) {
    return {
      remainingTakerTokenAmount: 0n,
      remainingMakerTokenAmount: 0n,
      fillableTakerTokenAmount: 0n,
      fillableMakerTokenAmount: 0n,
    };
  }
  // A relayer estimate, not a contract call: plain bigint products, no uint256 overflow revert.
  const makerAmountFor = (taker: bigint) => (taker * makerTokenAmount) / takerTokenAmount;
  const chargesMakerFee = order.feeRecipient.toLowerCase() !== NULL_ADDRESS && makerFee > 0n;
  const makerFeeFor = (taker: bigint) => (chargesMakerFee ? (taker * makerFee) / takerTokenAmount : 0n);

  const makerFunds = minUint(
    toUint('makerBalance', input.makerBalance),
    toUint('makerAllowance', input.makerAllowance),
  );
  const zrxFunds = minUint(
    toUint('makerZrxBalance', input.makerZrxBalance),
    toUint('makerZrxAllowance', input.makerZrxAllowance),
  );
  const makerTokenIsZrx = order.makerTokenAddress.toLowerCase() === input.zrxAddress.toLowerCase();
  const makerCanPay = (taker: bigint) =>
    makerTokenIsZrx
      ? makerAmountFor(taker) + makerFeeFor(taker) <= makerFunds
      : makerAmountFor(taker) <= makerFunds && makerFeeFor(taker) <= zrxFunds;

  const remainingTakerTokenAmount = getRemainingTakerAmount(
    takerTokenAmount,
    input.unavailableTakerAmount,
    0n,
  );
  const fillableTakerTokenAmount = largestPassing(remainingTakerTokenAmount, makerCanPay);
  return {
    remainingTakerTokenAmount,
    remainingMakerTokenAmount: makerAmountFor(remainingTakerTokenAmount),
    fillableTakerTokenAmount,
    fillableMakerTokenAmount: makerAmountFor(fillableTakerTokenAmount),
  };
}

/** Largest t in [0, upper] with passes(t), given passes is monotone (true then false) and passes(0). */
function largestPassing(upper: bigint, passes: (t: bigint) => boolean): bigint {
  if (passes(upper)) return upper;
  let lo = 0n;
  let hi = upper; // invariant: passes(lo), !passes(hi)
  while (hi - lo > 1n) {
    const mid = (lo + hi) / 2n;
    if (passes(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}
