import type { ErrorCode } from '@relayer/protocol';

export interface ApiValidationError {
  field: string;
  code: number;
  reason: string;
}

/** A relayer answer that was not 2xx (or not understood), with the relayer's code for user texts. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly reason: string,
    readonly validationErrors: readonly ApiValidationError[] = [],
  ) {
    super(`${status} ${code}: ${reason}`);
  }
}
