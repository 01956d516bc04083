import type { ChainReading } from './chainQuery';

/**
 * Now by the relayer's chain clock (Unix seconds): its `nowSec` (the later of its own clock and the
 * latest block's time) plus the seconds elapsed here since the answer arrived, so this computer's own
 * clock, right or wrong, plays no part. Without a reading, this computer's clock.
 */
export function chainNow(reading: ChainReading | undefined, nowMs: number): bigint {
  if (!reading) return BigInt(Math.floor(nowMs / 1000));
  const elapsed = Math.max(0, Math.floor((nowMs - reading.receivedAtMs) / 1000));
  return BigInt(reading.nowSec + elapsed);
}
