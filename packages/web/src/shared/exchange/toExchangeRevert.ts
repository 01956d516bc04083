import type { ErrorCode } from '@relayer/protocol';
import { BaseError, ContractFunctionRevertedError } from 'viem';

/**
 * The Exchange's custom errors (its reverts, PROTOCOL.md §6) and the protocol error code each one means,
 * so the user reads the shared text for it. SenderIsNotMaker has no code of its own and keeps the
 * generic contract message.
 */
const codeByRevert: Partial<Record<string, ErrorCode>> = {
  InvalidSignature: 'INVALID_SIGNATURE',
  SenderIsNotTaker: 'TRANSACTION_SENDER_IS_NOT_FILL_ORDER_TAKER',
  ZeroAmount: 'ORDER_AMOUNT_ZERO',
  TransferFailed: 'INSUFFICIENT_BALANCE_OR_ALLOWANCE',
  FillOrKillFailed: 'INSUFFICIENT_REMAINING_FILL_AMOUNT',
  TakerTokenMismatch: 'MULTIPLE_TAKER_TOKENS_IN_FILL_UP_TO_DISALLOWED',
};

/** A revert of the Exchange, named by its protocol error code (describeError reads `code`). */
export class ExchangeRevertError extends Error {
  override readonly name = 'ExchangeRevertError';

  constructor(
    readonly code: ErrorCode,
    readonly errorName: string,
    options?: ErrorOptions,
  ) {
    super(`The Exchange reverted with ${errorName}`, options);
  }
}

/** Turns a viem revert of one of the Exchange's custom errors into an ExchangeRevertError; else as is. */
export function toExchangeRevert(err: unknown): unknown {
  if (!(err instanceof BaseError)) return err;
  const reverted = err.walk((e) => e instanceof ContractFunctionRevertedError);
  const errorName = reverted instanceof ContractFunctionRevertedError ? reverted.data?.errorName : undefined;
  const code = errorName ? codeByRevert[errorName] : undefined;
  return code && errorName ? new ExchangeRevertError(code, errorName, { cause: err }) : err;
}
