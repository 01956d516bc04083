import type { ErrorCode, RelayerError } from '@relayer/protocol';
import { refusal } from '../errors/toErrorResponse.js';

const STATE_FIELDS: Partial<Record<ErrorCode, string>> = {
  ORDER_REMAINING_FILL_AMOUNT_ZERO: 'takerTokenAmount',
  ORDER_FILL_EXPIRED: 'expirationUnixTimestampSec',
  ORDER_FILL_ROUNDING_ERROR: 'takerTokenAmount',
  INSUFFICIENT_MAKER_BALANCE: 'makerTokenAmount',
  INSUFFICIENT_MAKER_ALLOWANCE: 'makerTokenAmount',
  INSUFFICIENT_MAKER_FEE_BALANCE: 'makerFee',
  INSUFFICIENT_MAKER_FEE_ALLOWANCE: 'makerFee',
};

/** The refusal of an order the chain shows unfillable, naming the field its code is about. */
export function stateRefusal(code: ErrorCode, expiryMarginSec: number): RelayerError {
  const reasons: Partial<Record<ErrorCode, string>> = {
    ORDER_REMAINING_FILL_AMOUNT_ZERO:
      'Nothing of this order remains: it is fully filled or cancelled on chain',
    ORDER_FILL_EXPIRED: `The order has expired or expires within ${expiryMarginSec} seconds`,
    ORDER_FILL_ROUNDING_ERROR:
      'Filling the rest of this order would round the maker amount by more than 0.1%',
    INSUFFICIENT_MAKER_BALANCE:
      "The maker's balance of the maker token does not cover the order's remaining amount",
    INSUFFICIENT_MAKER_ALLOWANCE:
      "The maker's allowance to the token transfer proxy does not cover the order's remaining amount",
    INSUFFICIENT_MAKER_FEE_BALANCE: "The maker's ZRX balance does not cover the maker fee",
    INSUFFICIENT_MAKER_FEE_ALLOWANCE:
      "The maker's ZRX allowance to the token transfer proxy does not cover the maker fee",
  };
  return refusal(code, STATE_FIELDS[code] ?? 'order', reasons[code] ?? 'The order cannot be filled');
}
