import { RelayerError, type SraParseResult } from '@relayer/protocol';

/** A failed wire parse as the error the handler answers: 101 for unparsable JSON, else 100 with every field. */
export function schemaRefusal(result: Extract<SraParseResult<unknown>, { success: false }>): RelayerError {
  if (result.malformedJson)
    return new RelayerError('MALFORMED_JSON', 'Malformed JSON: the body is not valid JSON');
  const first = result.errors[0];
  const reason = first ? `Validation failed: ${first.field || 'body'} ${first.reason}` : 'Validation failed';
  return new RelayerError('VALIDATION_FAILED', reason, undefined, result.errors);
}
