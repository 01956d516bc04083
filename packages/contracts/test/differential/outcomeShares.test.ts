import { expect, test } from 'vitest';
import { outcomeShares } from './outcomeShares.js';

test('counts each transaction in every class its events fall in, as a share of all sent', () => {
  const shares = outcomeShares(
    new Map([
      ['fill: LogFill', 2],
      ['batchFill: LogError(1) + LogFill', 1],
      ['fill: LogError(0)', 1],
      ['cancel: LogError(2) + LogError(3)', 1],
      ['fillOrKill: revert (fill or kill)', 3],
      ['approve: ok', 2],
    ]),
  );
  expect(shares).toEqual({
    fill: 0.3,
    'LogError(0)': 0.1,
    'LogError(1)': 0.1,
    'LogError(2)': 0.1,
    'LogError(3)': 0.1,
    revert: 0.3,
  });
});
