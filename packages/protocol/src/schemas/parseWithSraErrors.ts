import type { z } from 'zod';
import { sraValidationCodes, type ValidationError, type ValidationErrorCode } from '../errors/errorCodes';
import { ADDRESS_MESSAGE } from './addressSchema';

/** Unknown keys named in a refusal, and the characters of each: a refusal never echoes much of what was sent. */
const MAX_UNKNOWN_FIELDS = 5;
const MAX_FIELD_NAME = 40;

export type SraParseResult<T> =
  | { success: true; data: T }
  /** `malformedJson` is the SRA general code 101 case; otherwise `errors` holds the 100 case's details. */
  | { success: false; malformedJson: boolean; errors: ValidationError[] };

/**
 * Parses a request body (an object, or the raw JSON text) with a wire schema and turns zod's issues
 * into SRA v0 `validationErrors`, so the server answers exactly what SRA clients expect.
 */
export function parseWithSraErrors<S extends z.ZodType>(
  schema: S,
  input: unknown,
): SraParseResult<z.output<S>> {
  const decoded = decodeJsonText(input);
  if (decoded.malformed) return { success: false, malformedJson: true, errors: [] };
  return parseDecoded(schema, decoded.value);
}

/** A request body as given: an object as it is, raw JSON text decoded (or malformed). */
export function decodeJsonText(input: unknown): { malformed: true } | { malformed: false; value: unknown } {
  if (typeof input !== 'string') return { malformed: false, value: input };
  try {
    return { malformed: false, value: JSON.parse(input) };
  } catch {
    return { malformed: true };
  }
}

/** `parseWithSraErrors` of a body already decoded by `decodeJsonText`. */
export function parseDecoded<S extends z.ZodType>(schema: S, value: unknown): SraParseResult<z.output<S>> {
  const result = schema.safeParse(value);
  if (result.success) return { success: true, data: result.data };
  return {
    success: false,
    malformedJson: false,
    errors: result.error.issues.flatMap((issue) =>
      issue.code === 'unrecognized_keys'
        ? unknownFields(issue.path, issue.keys)
        : [toValidationError(issue, value)],
    ),
  };
}

/** A strict schema's unknown keys, one error each naming the key, as an option the relayer does not support. */
function unknownFields(path: readonly PropertyKey[], keys: readonly string[]): ValidationError[] {
  return keys.slice(0, MAX_UNKNOWN_FIELDS).map((key) => ({
    field: [...path.map(String), key.slice(0, MAX_FIELD_NAME)].join('.'),
    code: sraValidationCodes.UNSUPPORTED_OPTION,
    reason: 'is not a parameter of this request',
  }));
}

function toValidationError(issue: z.core.$ZodIssue, root: unknown): ValidationError {
  const field = issue.path.map(String).join('.');
  const code = sraCode(issue, valueAt(root, issue.path));
  return { field, code, reason: code === sraValidationCodes.REQUIRED_FIELD ? 'is required' : issue.message };
}

function sraCode(issue: z.core.$ZodIssue, value: unknown): ValidationErrorCode {
  if (value === undefined) return sraValidationCodes.REQUIRED_FIELD;
  // Anything wrong inside a signature is reported as a bad signature, the code SRA clients act on.
  if (issue.path.includes('ecSignature')) return sraValidationCodes.INVALID_ECDSA_OR_HASH;
  if (issue.message === ADDRESS_MESSAGE) return sraValidationCodes.INVALID_ADDRESS;
  switch (issue.code) {
    case 'too_big':
    case 'too_small':
      return sraValidationCodes.VALUE_OUT_OF_RANGE;
    case 'invalid_value':
      // A set of string options is an option choice; a set of numbers is a range.
      return issue.values.every((v) => typeof v === 'string')
        ? sraValidationCodes.UNSUPPORTED_OPTION
        : sraValidationCodes.VALUE_OUT_OF_RANGE;
    default:
      return sraValidationCodes.INCORRECT_FORMAT;
  }
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current = root;
  for (const key of path) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}
