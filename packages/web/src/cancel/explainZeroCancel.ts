import type { LogErrorId, OrderRecord } from '@relayer/protocol';

/** Which LogError a cancel that simulates to 0 would emit (PROTOCOL.md §4.6): expired, or nothing left. */
export function explainZeroCancel(order: OrderRecord, nowSec: bigint): LogErrorId {
  return nowSec >= BigInt(order.expirationUnixTimestampSec) ? 0 : 1;
}
