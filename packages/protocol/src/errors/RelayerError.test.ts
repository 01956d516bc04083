import { describe, expect, test } from 'vitest';
import { RelayerError } from './RelayerError';

describe('RelayerError', () => {
  test('carries its code, message, field and validation errors', () => {
    const validationErrors = [{ field: 'maker', code: 1002 as const, reason: 'Invalid address' }];
    const error = new RelayerError('VALIDATION_FAILED', 'bad order', 'maker', validationErrors);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'RelayerError',
      code: 'VALIDATION_FAILED',
      message: 'bad order',
      field: 'maker',
    });
    expect(error.validationErrors).toEqual(validationErrors);
  });

  test('keeps the cause it wraps', () => {
    const cause = new Error('connection refused');
    const error = new RelayerError('CHAIN_UNAVAILABLE', 'node down', undefined, undefined, { cause });
    expect(error.cause).toBe(cause);
    expect(error.field).toBeUndefined();
  });
});
