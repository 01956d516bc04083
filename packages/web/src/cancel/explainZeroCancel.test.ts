import { expect, test } from 'vitest';
import { orderRecord } from '../test/fixtures';
import { explainZeroCancel } from './explainZeroCancel';

const now = 1_900_000_000n;

test('explains a cancel that would do nothing', () => {
  expect(explainZeroCancel(orderRecord({ expirationUnixTimestampSec: '1' }), now)).toBe(0);
  expect(explainZeroCancel(orderRecord(), now)).toBe(1);
});
