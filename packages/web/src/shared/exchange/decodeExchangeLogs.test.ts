import { describe, expect, test } from 'vitest';
import { logErrorLog, logFillLog } from '../../test/exchangeLogs';
import { EXCHANGE } from '../../test/fixtures';
import { decodeExchangeLogs } from './decodeExchangeLogs';

const hash = `0x${'c'.repeat(64)}` as const;

describe('decodeExchangeLogs', () => {
  test.each([
    [0, 'ORDER_EXPIRED'],
    [1, 'ORDER_FULLY_FILLED_OR_CANCELLED'],
    [2, 'ROUNDING_ERROR_TOO_LARGE'],
    [3, 'INSUFFICIENT_BALANCE_OR_ALLOWANCE'],
  ])('decodes LogError %i as %s', (id, code) => {
    expect(decodeExchangeLogs([logErrorLog(EXCHANGE, id, hash)], EXCHANGE, hash)).toEqual({
      kind: 'error',
      errorId: id,
      code,
    });
  });

  test('decodes LogFill amounts', () => {
    const logs = [logFillLog(EXCHANGE, hash, { filledMakerTokenAmount: 5n, filledTakerTokenAmount: 1n })];
    expect(decodeExchangeLogs(logs, EXCHANGE, hash)).toEqual({
      kind: 'filled',
      filledMakerTokenAmount: 5n,
      filledTakerTokenAmount: 1n,
    });
  });

  test('ignores other contracts and other orders', () => {
    const other = '0x0000000000000000000000000000000000000001';
    const logs = [logErrorLog(other, 0, hash), logErrorLog(EXCHANGE, 0, `0x${'d'.repeat(64)}`)];
    expect(decodeExchangeLogs(logs, EXCHANGE, hash)).toEqual({ kind: 'none' });
  });
});
