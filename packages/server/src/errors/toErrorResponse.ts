import {
  type ErrorCode,
  type ErrorResponse,
  RelayerError,
  sraGeneralCodes,
  sraValidationCodes,
  type ValidationError,
} from '@relayer/protocol';
import { httpStatus } from './httpStatus.js';
import { sraFieldCode } from './sraFieldCode.js';

const validationCodeNames = new Map<number, ErrorCode>(
  Object.entries(sraValidationCodes).map(([name, code]) => [code, name as ErrorCode]),
);

/** Errors whose details are ours to hide: the body says only this, the log says the rest. */
const INTERNAL: ErrorResponse = { code: 500, reason: 'Internal error', error: 'INTERNAL_ERROR' };

/**
 * What an answer is made of: a RelayerError, or the same fields without one where no Error is wanted
 * (an Error captures a stack, a large share of the CPU of a 404 answer).
 */
export type RefusalFields = Pick<RelayerError, 'code' | 'message' | 'field' | 'validationErrors'>;

/** Shorthand for the usual refusal: one field, one reason. */
export function refusal(code: ErrorCode, field: string, reason: string): RelayerError {
  return new RelayerError(code, reason, field);
}

/**
 * The SRA v0 error body (PROTOCOL.md §9.3) plus the relayer's string codes, and its HTTP status.
 * The general `code` is SRA's own where one exists (100-103), 100 for any other 400, and the HTTP
 * status otherwise (404, 413, 500, 503), so every answer carries a number SRA clients can switch on.
 */
export function toErrorResponse(error: RefusalFields): { status: number; body: ErrorResponse } {
  const status = httpStatus[error.code];
  if (status >= 500 && error.code !== 'CHAIN_UNAVAILABLE' && error.code !== 'DATABASE_UNAVAILABLE') {
    return { status: 500, body: INTERNAL };
  }
  const body: ErrorResponse = {
    code: generalCode(error.code, status),
    reason: error.message,
    error: error.code,
  };
  const fields = validationErrorsOf(error);
  if (fields.length > 0) body.validationErrors = fields;
  return { status, body };
}

export function internalErrorResponse(): { status: number; body: ErrorResponse } {
  return { status: 500, body: INTERNAL };
}

function generalCode(code: ErrorCode, status: number): number {
  if (code in sraGeneralCodes) return sraGeneralCodes[code as keyof typeof sraGeneralCodes];
  if (status === 429) return sraGeneralCodes.THROTTLED;
  return status === 400 ? sraGeneralCodes.VALIDATION_FAILED : status;
}

function validationErrorsOf(error: RefusalFields): NonNullable<ErrorResponse['validationErrors']> {
  if (error.validationErrors && error.validationErrors.length > 0) {
    return error.validationErrors.map((v: ValidationError) => ({
      field: v.field,
      code: v.code,
      reason: v.reason,
      error: validationCodeNames.get(v.code) ?? 'INCORRECT_FORMAT',
    }));
  }
  if (error.field === undefined) return [];
  return [{ field: error.field, code: sraFieldCode[error.code], reason: error.message, error: error.code }];
}
