import { type ErrorCode, errorCodes, errorResponseSchema } from '@relayer/protocol';
import { ApiError } from './ApiError';

const sraCodes: Record<number, ErrorCode> = {
  100: 'VALIDATION_FAILED',
  101: 'MALFORMED_JSON',
  102: 'ORDER_SUBMISSION_DISABLED',
  103: 'THROTTLED',
};

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (errorCodes as readonly string[]).includes(value);
}

function codeForStatus(status: number): ErrorCode {
  if (status === 404) return 'NOT_FOUND';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 429) return 'RATE_LIMITED';
  if (status >= 400 && status < 500) return 'VALIDATION_FAILED';
  return 'INTERNAL_ERROR';
}

/** Turns a non-2xx response into an ApiError, whatever the body looks like. */
export async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new ApiError(
      response.status,
      codeForStatus(response.status),
      text.slice(0, 200) || response.statusText,
    );
  }
  const parsed = errorResponseSchema.safeParse(body);
  if (!parsed.success)
    return new ApiError(response.status, codeForStatus(response.status), response.statusText);
  const { code, reason, error, validationErrors = [] } = parsed.data;
  const errorCode = isErrorCode(error) ? error : (sraCodes[code] ?? codeForStatus(response.status));
  return new ApiError(
    response.status,
    errorCode,
    reason,
    validationErrors.map(({ field, code: fieldCode, reason: fieldReason }) => ({
      field,
      code: fieldCode,
      reason: fieldReason,
    })),
  );
}
