import { RelayerError } from '@relayer/protocol';
import { quoteUntrusted } from '../text/quoteUntrusted.js';

interface FastifyLikeError {
  code?: unknown;
  statusCode?: unknown;
  message?: unknown;
}

/**
 * Turns whatever a request threw into a RelayerError, or null for an unexpected failure (a bug or an
 * unclassified outage) that must answer 500 with nothing but "Internal error". Fastify's own request
 * errors (body parsing, limits, rate limiting) are client errors with safe messages; `contentType`, the
 * request's header, is named when the body's type is refused.
 */
export function toRelayerError(error: unknown, contentType?: string): RelayerError | null {
  if (error instanceof RelayerError) return error;
  if (typeof error !== 'object' || error === null) return null;
  const { code, statusCode, message } = error as FastifyLikeError;
  switch (code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new RelayerError('MALFORMED_JSON', 'Malformed JSON: the body is not valid JSON');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new RelayerError('PAYLOAD_TOO_LARGE', 'The request body is larger than this relayer accepts');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new RelayerError(
        'UNSUPPORTED_MEDIA_TYPE',
        `The body must be application/json, not ${contentType ? quoteUntrusted(contentType, 48) : 'untyped'}`,
        'content-type',
      );
  }
  if (statusCode === 429)
    return new RelayerError('THROTTLED', 'Too many requests: slow down and retry later');
  // JSON.parse failures of Fastify's parser that carry no code (prototype poisoning and the like).
  if (error instanceof SyntaxError && statusCode === 400) {
    return new RelayerError('MALFORMED_JSON', 'Malformed JSON: the body is not valid JSON');
  }
  if (
    typeof statusCode === 'number' &&
    statusCode >= 400 &&
    statusCode < 500 &&
    typeof message === 'string'
  ) {
    return new RelayerError('VALIDATION_FAILED', message);
  }
  return null;
}
