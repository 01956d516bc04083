import { RelayerError } from '../errors/RelayerError';
import { minUint, toUint, type UintLike } from '../internal/uint256';
import { NULL_ADDRESS } from '../schemas/addressSchema';
import { getPartialAmount } from './getPartialAmount';
import { getRemainingTakerAmount } from './getRemainingTakerAmount';
import { isRoundingError } from './isRoundingError';

/** The order fields a fill's amounts depend on; wire strings or bigints. */
export interface FillMathOrder {
  makerTokenAmount: UintLike;
  takerTokenAmount: UintLike;
  makerFee: UintLike;
  takerFee: UintLike;
  feeRecipient: string;
}

export interface FillAmounts {
  filledTakerTokenAmount: bigint;
  filledMakerTokenAmount: bigint;
  paidMakerFee: bigint;
  paidTakerFee: bigint;
  /** Set when the contract would emit this LogError and move nothing (all amounts are then 0). */
  error?: 'ORDER_FULLY_FILLED_OR_CANCELLED' | 'ROUNDING_ERROR_TOO_LARGE';
}

const NOTHING = {
  filledTakerTokenAmount: 0n,
  filledMakerTokenAmount: 0n,
  paidMakerFee: 0n,
  paidTakerFee: 0n,
};

/**
 * What `Exchange.fillOrder` would move for a fill request, following its steps 3, 6, 7, 9 and 13
 * (PROTOCOL.md §4.4). Taker, signature, expiry and balance checks (steps 2, 4, 5, 8) are the caller's.
 * Throws `ORDER_AMOUNT_ZERO` / `ORDER_FILL_AMOUNT_ZERO` where the contract reverts (step 3).
 */
export function getFillAmounts(
  order: FillMathOrder,
  fillTakerAmount: UintLike,
  unavailable: UintLike,
): FillAmounts {
  const makerTokenAmount = toUint('makerTokenAmount', order.makerTokenAmount);
  const takerTokenAmount = toUint('takerTokenAmount', order.takerTokenAmount);
  const requested = toUint('fillTakerAmount', fillTakerAmount);
  if (makerTokenAmount === 0n || takerTokenAmount === 0n) {
    throw new RelayerError(
      'ORDER_AMOUNT_ZERO',
      'The order offers or asks for nothing; the contract refuses to fill it',
    );
  }
  if (requested === 0n) throw new RelayerError('ORDER_FILL_AMOUNT_ZERO', 'A fill must ask for more than 0');

  const remaining = getRemainingTakerAmount(takerTokenAmount, unavailable, 0n);
  const filledTakerTokenAmount = minUint(requested, remaining);
  if (filledTakerTokenAmount === 0n) return { ...NOTHING, error: 'ORDER_FULLY_FILLED_OR_CANCELLED' };
  if (isRoundingError(filledTakerTokenAmount, takerTokenAmount, makerTokenAmount)) {
    return { ...NOTHING, error: 'ROUNDING_ERROR_TOO_LARGE' };
  }
  const filledMakerTokenAmount = getPartialAmount(filledTakerTokenAmount, takerTokenAmount, makerTokenAmount);

  // The contract charges no fee at all without a fee recipient, whatever makerFee/takerFee say.
  const chargesFees = order.feeRecipient.toLowerCase() !== NULL_ADDRESS;
  const fee = (name: string, total: UintLike) => {
    const amount = toUint(name, total);
    return chargesFees && amount > 0n
      ? getPartialAmount(filledTakerTokenAmount, takerTokenAmount, amount)
      : 0n;
  };
  return {
    filledTakerTokenAmount,
    filledMakerTokenAmount,
    paidMakerFee: fee('makerFee', order.makerFee),
    paidTakerFee: fee('takerFee', order.takerFee),
  };
}
