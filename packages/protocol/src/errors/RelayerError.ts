import type { ErrorCode, ValidationError } from './errorCodes';

/**
 * The one error type thrown across packages, so the server and the web app can map `code` to an HTTP
 * status or a user message without parsing message text.
 */
export class RelayerError extends Error {
  override readonly name = 'RelayerError';

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    readonly validationErrors?: readonly ValidationError[],
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}
