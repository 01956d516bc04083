import { describe, expect, test } from 'vitest';
import { errorCodes, logErrorCodeById, sraGeneralCodes, sraValidationCodes } from './errorCodes';

describe('errorCodes', () => {
  test('lists every code once', () => {
    expect(new Set(errorCodes).size).toBe(errorCodes.length);
  });

  test('names the SRA v0 general codes with their numbers', () => {
    expect(sraGeneralCodes).toEqual({
      VALIDATION_FAILED: 100,
      MALFORMED_JSON: 101,
      ORDER_SUBMISSION_DISABLED: 102,
      THROTTLED: 103,
    });
  });

  test('names the SRA v0 validation codes with their numbers', () => {
    expect(sraValidationCodes).toEqual({
      REQUIRED_FIELD: 1000,
      INCORRECT_FORMAT: 1001,
      INVALID_ADDRESS: 1002,
      ADDRESS_NOT_SUPPORTED: 1003,
      VALUE_OUT_OF_RANGE: 1004,
      INVALID_ECDSA_OR_HASH: 1005,
      UNSUPPORTED_OPTION: 1006,
    });
  });

  test('every mapped SRA or LogError code is in the code list', () => {
    const mapped = [
      ...Object.keys(sraGeneralCodes),
      ...Object.keys(sraValidationCodes),
      ...Object.values(logErrorCodeById),
    ];
    for (const code of mapped) expect(errorCodes).toContain(code);
  });

  test('maps the Exchange LogError ids 0-3 to the contract names', () => {
    expect(logErrorCodeById).toEqual({
      0: 'ORDER_EXPIRED',
      1: 'ORDER_FULLY_FILLED_OR_CANCELLED',
      2: 'ROUNDING_ERROR_TOO_LARGE',
      3: 'INSUFFICIENT_BALANCE_OR_ALLOWANCE',
    });
  });

  test('keeps the 0x.js order error names verbatim', () => {
    for (const code of [
      'INVALID_SIGNATURE',
      'ORDER_FILL_EXPIRED',
      'ORDER_REMAINING_FILL_AMOUNT_ZERO',
      'ORDER_FILL_ROUNDING_ERROR',
      'INSUFFICIENT_MAKER_FEE_ALLOWANCE',
      'TRANSACTION_SENDER_IS_NOT_FILL_ORDER_TAKER',
      'BATCH_ORDERS_MUST_HAVE_AT_LEAST_ONE_ITEM',
    ]) {
      expect(errorCodes).toContain(code);
    }
  });
});
