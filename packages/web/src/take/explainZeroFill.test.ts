import { expect, test } from 'vitest';
import { orderRecord } from '../test/fixtures';
import { explainZeroFill } from './explainZeroFill';

const now = 1_900_000_000n;

test('explains a fill that would do nothing in the contract’s order of checks', () => {
  expect(explainZeroFill(orderRecord({ expirationUnixTimestampSec: String(now) }), 1n, now)).toBe(0);
  expect(explainZeroFill(orderRecord({ remainingTakerTokenAmount: '0' }), 1n, now)).toBe(1);
  expect(explainZeroFill(orderRecord({ makerTokenAmount: '1001', takerTokenAmount: '3' }), 1n, now)).toBe(2);
  expect(explainZeroFill(orderRecord(), 1000n, now)).toBe(3);
});
