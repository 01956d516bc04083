import { type ErrorCode, type LogErrorId, logErrorCodeById } from '@relayer/protocol';

/**
 * An Exchange call that succeeded on chain but did nothing: v1 reports the reason in a LogError event
 * (ids 0-3, PROTOCOL.md §6) instead of reverting. Throw it after reading the receipt's logs.
 */
export class ContractLogError extends Error {
  override readonly name = 'ContractLogError';
  readonly code: ErrorCode;

  constructor(
    readonly errorId: LogErrorId,
    readonly orderHash?: string,
  ) {
    super(`Exchange LogError ${errorId} (${logErrorCodeById[errorId]})`);
    this.code = logErrorCodeById[errorId];
  }
}
