import { expect, test } from 'vitest';
import { chainNow } from './chainNow';
import type { ChainReading } from './chainQuery';

const reading: ChainReading = {
  chainId: 50,
  blockNumber: 12,
  blockTimestampSec: 1_700_000_600,
  serverTimeSec: 1_700_000_000,
  nowSec: 1_700_000_600,
  expiryMarginSec: 60,
  receivedAtMs: 5_000_000,
};

test('runs on from the relayer’s chain clock by the time elapsed here, whatever this computer’s clock says', () => {
  expect(chainNow(reading, 5_000_000)).toBe(1_700_000_600n);
  expect(chainNow(reading, 5_090_999)).toBe(1_700_000_690n);
  // A clock going backwards here does not move the chain's clock back.
  expect(chainNow(reading, 4_000_000)).toBe(1_700_000_600n);
});

test('without a reading, this computer’s clock stands in', () => {
  expect(chainNow(undefined, 1_700_000_000_999)).toBe(1_700_000_000n);
});
