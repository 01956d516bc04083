/**
 * Every error code the relayer, the web app and the contracts tests speak, in one list so that
 * `Record<ErrorCode, ...>` maps (HTTP status, user text) stop compiling when a code is added.
 */
export const errorCodes = [
  // SRA v0 general codes (PROTOCOL.md §9.3)
  'VALIDATION_FAILED',
  'MALFORMED_JSON',
  'ORDER_SUBMISSION_DISABLED',
  'THROTTLED',
  // SRA v0 validation (per-field) codes
  'REQUIRED_FIELD',
  'INCORRECT_FORMAT',
  'INVALID_ADDRESS',
  'ADDRESS_NOT_SUPPORTED',
  'VALUE_OUT_OF_RANGE',
  'INVALID_ECDSA_OR_HASH',
  'UNSUPPORTED_OPTION',
  // Exchange v1 LogError ids 0-3 (PROTOCOL.md §6)
  'ORDER_EXPIRED',
  'ORDER_FULLY_FILLED_OR_CANCELLED',
  'ROUNDING_ERROR_TOO_LARGE',
  'INSUFFICIENT_BALANCE_OR_ALLOWANCE',
  // 0x.js client-side order errors (PROTOCOL.md §6, §10), kept verbatim so v1 tooling reads the same names
  'INVALID_SIGNATURE',
  'ORDER_FILL_EXPIRED',
  'ORDER_REMAINING_FILL_AMOUNT_ZERO',
  'ORDER_FILL_ROUNDING_ERROR',
  'INSUFFICIENT_MAKER_BALANCE',
  'INSUFFICIENT_MAKER_ALLOWANCE',
  'INSUFFICIENT_MAKER_FEE_BALANCE',
  'INSUFFICIENT_MAKER_FEE_ALLOWANCE',
  'INSUFFICIENT_TAKER_BALANCE',
  'INSUFFICIENT_TAKER_ALLOWANCE',
  'INSUFFICIENT_TAKER_FEE_BALANCE',
  'INSUFFICIENT_TAKER_FEE_ALLOWANCE',
  'TRANSACTION_SENDER_IS_NOT_FILL_ORDER_TAKER',
  'INSUFFICIENT_REMAINING_FILL_AMOUNT',
  'ORDER_FILL_AMOUNT_ZERO',
  'ORDER_CANCEL_AMOUNT_ZERO',
  'ORDER_CANCEL_EXPIRED',
  'ORDER_ALREADY_CANCELLED_OR_FILLED',
  'MULTIPLE_TAKER_TOKENS_IN_FILL_UP_TO_DISALLOWED',
  'MULTIPLE_MAKERS_IN_SINGLE_CANCEL_BATCH_DISALLOWED',
  'BATCH_ORDERS_MUST_HAVE_SAME_EXCHANGE_ADDRESS',
  'BATCH_ORDERS_MUST_HAVE_AT_LEAST_ONE_ITEM',
  // Relayer-specific
  'EXCHANGE_ADDRESS_MISMATCH',
  'ORDER_AMOUNT_ZERO',
  'ORDER_HASH_MISMATCH',
  'FEE_POLICY_MISMATCH',
  'UNKNOWN_TOKEN',
  'TOKEN_ALREADY_EXISTS',
  'NOT_A_TOKEN',
  'TOKEN_METADATA_MISMATCH',
  'TOKEN_UNSAFE_TEXT',
  'TOKEN_LOOKALIKE',
  'ORDER_SAME_TOKEN',
  'ORDER_ARITHMETIC_OVERFLOW',
  'MAKER_ORDER_QUOTA_EXCEEDED',
  'TOKEN_ORDER_QUOTA_EXCEEDED',
  'NETWORK_ORDER_QUOTA_EXCEEDED',
  'ORDER_EXPIRY_TOO_FAR',
  'TOKEN_TRANSFER_DISHONEST',
  'TOKEN_UNLISTED',
  'REMOVED_BY_OPERATOR',
  'ORDER_NOT_FOUND',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'CHAIN_UNAVAILABLE',
  'DATABASE_UNAVAILABLE',
  'INTERNAL_ERROR',
  'NOT_FOUND',
  'UNAUTHORIZED',
  'ORIGIN_NOT_ALLOWED',
  'UNSUPPORTED_MEDIA_TYPE',
  // Webhooks (server src/webhooks/)
  'WEBHOOK_SIGNER_MISMATCH',
  'WEBHOOK_HOST_NOT_ALLOWED',
  'WEBHOOK_NONCE_USED',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/** SRA v0 top-level `code` values. 100 is "validation failed" per the spec's table (its example's 101 is a typo). */
export const sraGeneralCodes = {
  VALIDATION_FAILED: 100,
  MALFORMED_JSON: 101,
  ORDER_SUBMISSION_DISABLED: 102,
  THROTTLED: 103,
} as const satisfies Partial<Record<ErrorCode, number>>;

/** SRA v0 `validationErrors[].code` values. */
export const sraValidationCodes = {
  REQUIRED_FIELD: 1000,
  INCORRECT_FORMAT: 1001,
  INVALID_ADDRESS: 1002,
  ADDRESS_NOT_SUPPORTED: 1003,
  VALUE_OUT_OF_RANGE: 1004,
  INVALID_ECDSA_OR_HASH: 1005,
  UNSUPPORTED_OPTION: 1006,
} as const satisfies Partial<Record<ErrorCode, number>>;

export type SraGeneralCode = (typeof sraGeneralCodes)[keyof typeof sraGeneralCodes];
export type ValidationErrorCode = (typeof sraValidationCodes)[keyof typeof sraValidationCodes];

/** Exchange v1 `LogError(uint8 errorId, bytes32 orderHash)` ids; the contract never emits 4 or 5. */
export const logErrorCodeById = {
  0: 'ORDER_EXPIRED',
  1: 'ORDER_FULLY_FILLED_OR_CANCELLED',
  2: 'ROUNDING_ERROR_TOO_LARGE',
  3: 'INSUFFICIENT_BALANCE_OR_ALLOWANCE',
} as const satisfies Record<number, ErrorCode>;

export type LogErrorId = keyof typeof logErrorCodeById;

/** One entry of an SRA `validationErrors` array. */
export interface ValidationError {
  /** Dotted path of the offending field, e.g. `ecSignature.v`; empty for the body itself. */
  field: string;
  code: ValidationErrorCode;
  reason: string;
}
