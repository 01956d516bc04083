import { type ErrorCode, errorCodes } from '@relayer/protocol';
import { ApiError } from '../api/ApiError';
import { ContractLogError } from './ContractLogError';

/** What a user reads for each error code the relayer, the protocol library or the Exchange reports. */
export const userMessages: Record<ErrorCode, string> = {
  VALIDATION_FAILED: 'The relayer refused the request: some fields are invalid',
  MALFORMED_JSON: 'The request was not valid JSON',
  ORDER_SUBMISSION_DISABLED: 'The relayer is not accepting new orders at the moment',
  THROTTLED: 'Too many requests: wait a moment and try again',
  REQUIRED_FIELD: 'A required field is missing',
  INCORRECT_FORMAT: 'A field has the wrong format',
  INVALID_ADDRESS: 'An address is not valid',
  ADDRESS_NOT_SUPPORTED: 'This address is not supported by the relayer',
  VALUE_OUT_OF_RANGE: 'A value is out of range',
  INVALID_ECDSA_OR_HASH: 'The signature or order hash is not valid',
  UNSUPPORTED_OPTION: 'An option is not supported',
  ORDER_EXPIRED: 'The order has expired',
  ORDER_FULLY_FILLED_OR_CANCELLED: 'Nothing left to fill: the order is already filled or cancelled',
  ROUNDING_ERROR_TOO_LARGE: 'That amount would round by more than 0.1%: choose a different amount',
  INSUFFICIENT_BALANCE_OR_ALLOWANCE: 'A balance or allowance (including fees) is too low for this fill',
  INVALID_SIGNATURE: 'The order signature is not valid',
  ORDER_FILL_EXPIRED: 'The order has expired',
  ORDER_REMAINING_FILL_AMOUNT_ZERO: 'Nothing left to fill: the order is already filled or cancelled',
  ORDER_FILL_ROUNDING_ERROR: 'That amount would round by more than 0.1%: choose a different amount',
  INSUFFICIENT_MAKER_BALANCE: "The maker's token balance is too low",
  INSUFFICIENT_MAKER_ALLOWANCE: "The maker's allowance to the token proxy is too low",
  INSUFFICIENT_MAKER_FEE_BALANCE: "The maker's ZRX balance does not cover the fee",
  INSUFFICIENT_MAKER_FEE_ALLOWANCE: "The maker's ZRX allowance does not cover the fee",
  INSUFFICIENT_TAKER_BALANCE: 'Your token balance is too low',
  INSUFFICIENT_TAKER_ALLOWANCE: 'Your allowance is too low: enable the token first',
  INSUFFICIENT_TAKER_FEE_BALANCE: 'Your ZRX balance does not cover the fee',
  INSUFFICIENT_TAKER_FEE_ALLOWANCE: 'Your ZRX allowance does not cover the fee: enable ZRX first',
  TRANSACTION_SENDER_IS_NOT_FILL_ORDER_TAKER: 'This order is reserved for another taker',
  INSUFFICIENT_REMAINING_FILL_AMOUNT: 'Less of the order remains than you asked for',
  ORDER_FILL_AMOUNT_ZERO: "Amount can't be 0",
  ORDER_CANCEL_AMOUNT_ZERO: "Amount can't be 0",
  ORDER_CANCEL_EXPIRED: 'The order has expired',
  ORDER_ALREADY_CANCELLED_OR_FILLED: 'The order is already filled or cancelled',
  MULTIPLE_TAKER_TOKENS_IN_FILL_UP_TO_DISALLOWED: 'All orders filled together must share the taker token',
  MULTIPLE_MAKERS_IN_SINGLE_CANCEL_BATCH_DISALLOWED: 'Orders cancelled together must share the maker',
  BATCH_ORDERS_MUST_HAVE_SAME_EXCHANGE_ADDRESS: 'Orders filled together must use the same exchange',
  BATCH_ORDERS_MUST_HAVE_AT_LEAST_ONE_ITEM: 'Select at least one order',
  EXCHANGE_ADDRESS_MISMATCH: 'The order is for a different exchange contract than this relayer uses',
  ORDER_AMOUNT_ZERO: "Amount can't be 0",
  ORDER_HASH_MISMATCH: 'The order hash does not match the order',
  FEE_POLICY_MISMATCH: "The order's fees do not match the relayer's fee policy",
  UNKNOWN_TOKEN: 'The relayer does not list this token',
  TOKEN_ALREADY_EXISTS: 'This token is already listed',
  NOT_A_TOKEN: 'No ERC20 token contract was found at this address',
  TOKEN_METADATA_MISMATCH: 'The name, symbol or decimals differ from what the token contract reports',
  TOKEN_UNSAFE_TEXT: "The token's name or symbol contains invisible or direction-changing characters",
  TOKEN_LOOKALIKE: 'The symbol looks like the symbol of a token that is already listed',
  ORDER_SAME_TOKEN: 'An order must trade two different tokens',
  ORDER_ARITHMETIC_OVERFLOW:
    'These amounts are too large: the exchange contract could not compute a fill of this order',
  MAKER_ORDER_QUOTA_EXCEEDED:
    'This maker already has as many open orders as the relayer allows; cancel some first',
  TOKEN_ORDER_QUOTA_EXCEEDED:
    'This unverified token already has as many open orders as the relayer allows; try again later',
  NETWORK_ORDER_QUOTA_EXCEEDED:
    'The order book is full: the relayer takes no more open orders right now; try again later',
  ORDER_EXPIRY_TOO_FAR: 'The expiry is too far in the future: choose an earlier date',
  TOKEN_TRANSFER_DISHONEST:
    'This token does not move the amounts it reports: a fill would not deliver it, so it cannot be traded here',
  TOKEN_UNLISTED: 'The relayer’s operator has unlisted this token: its orders are not taken or shown for now',
  REMOVED_BY_OPERATOR: 'The relayer’s operator removed this maker’s orders from the book',
  ORDER_NOT_FOUND: 'The order was not found',
  RATE_LIMITED: 'Too many requests: wait a moment and try again',
  PAYLOAD_TOO_LARGE: 'The request is too large',
  CHAIN_UNAVAILABLE: 'The relayer cannot reach the blockchain node right now; try again shortly',
  DATABASE_UNAVAILABLE: 'The relayer is temporarily unavailable; try again shortly',
  INTERNAL_ERROR: 'The relayer had an internal problem; try again shortly',
  NOT_FOUND: 'Not found',
  UNAUTHORIZED: 'Not authorised',
  ORIGIN_NOT_ALLOWED: 'This request is not accepted from this site',
  UNSUPPORTED_MEDIA_TYPE: 'The relayer takes this request as JSON only',
  WEBHOOK_SIGNER_MISMATCH: 'The webhook request was signed by another key than the maker’s',
  WEBHOOK_HOST_NOT_ALLOWED: 'This relayer does not send webhooks to that host',
  WEBHOOK_NONCE_USED: 'This signed webhook request was already used; sign a new one',
};

const NETWORK_MESSAGE = 'Cannot reach the server: check your connection and try again';

/** One sentence for the user about any error thrown by the relayer API, the wallet or the chain. */
export function describeError(err: unknown): string {
  if (err instanceof ApiError) {
    // A specific code already says what is wrong; a generic refusal needs the relayer's field reasons.
    const generic = err.code === 'VALIDATION_FAILED' || err.code === 'INCORRECT_FORMAT';
    const details = generic ? err.validationErrors.map((v) => `${v.field}: ${v.reason}`).join('; ') : '';
    return details ? `${userMessages[err.code]} (${details})` : userMessages[err.code];
  }
  if (err instanceof ContractLogError) return userMessages[err.code];
  if (hasErrorCode(err)) return userMessages[err.code];
  if (isViemError(err)) return describeViemError(err);
  if (isUserRejection(err)) return 'Request rejected in the wallet';
  if (err instanceof TypeError && /fetch|network|load failed/i.test(err.message)) return NETWORK_MESSAGE;
  if (err instanceof Error && err.message) return err.message;
  return 'Something went wrong';
}

/**
 * viem's BaseError and its subclasses, recognised by shape and `name` rather than `instanceof`: the
 * order book shows these messages too, and must not load viem (the wallet stack) to do so.
 */
interface ViemError extends Error {
  shortMessage: string;
  walk(fn?: (error: unknown) => boolean): unknown;
}

function isViemError(err: unknown): err is ViemError {
  const candidate = err as Partial<ViemError> | null;
  return (
    err instanceof Error &&
    typeof candidate?.walk === 'function' &&
    typeof candidate.shortMessage === 'string'
  );
}

const named =
  (...names: string[]) =>
  (error: unknown) =>
    error instanceof Error && names.includes(error.name);

function describeViemError(err: ViemError): string {
  if (err.walk(named('UserRejectedRequestError')) || isUserRejection(err.walk())) {
    const isTransaction = err.walk(
      (e) => isViemError(e) && /Transaction|ContractFunctionExecution/.test(e.name),
    );
    return isTransaction ? 'Transaction rejected in the wallet' : 'Signature rejected in the wallet';
  }
  if (err.walk(named('InsufficientFundsError')))
    return 'Not enough ETH to pay for this transaction and its gas';
  const reverted = err.walk(named('ContractFunctionRevertedError')) as
    | { data?: { errorName?: string }; reason?: string }
    | null
    | undefined;
  if (reverted) {
    const reason = reverted.data?.errorName ?? reverted.reason;
    return `The contract refused the transaction${reason ? ` (${reason})` : ''}: check the order's taker, signature, amounts, and your balance and allowance`;
  }
  if (/revert/i.test(err.shortMessage)) {
    return "The contract refused the transaction: check the order's taker, signature, amounts, and your balance and allowance";
  }
  if (err.walk(named('HttpRequestError', 'TimeoutError'))) return NETWORK_MESSAGE;
  return err.shortMessage;
}

function hasErrorCode(err: unknown): err is { code: ErrorCode } {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (errorCodes as readonly string[]).includes(code);
}

/** EIP-1193 4001 from a wallet that did not go through viem. */
function isUserRejection(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === 4001;
}
