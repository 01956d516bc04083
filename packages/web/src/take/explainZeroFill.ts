import { isRoundingError, type LogErrorId, type OrderRecord } from '@relayer/protocol';
import { baseUnits } from '../format/amounts';

/**
 * Which LogError (PROTOCOL.md §4.4 steps 5-8) a fill that simulates to 0 would emit, in the contract's
 * order: expired, nothing remaining, rounding, else balance or allowance (the maker's, once the
 * taker's own funds were checked).
 */
export function explainZeroFill(order: OrderRecord, fillTakerAmount: bigint, nowSec: bigint): LogErrorId {
  if (nowSec >= BigInt(order.expirationUnixTimestampSec)) return 0;
  const remaining = baseUnits(order.remainingTakerTokenAmount);
  if (remaining === 0n) return 1;
  const filled = fillTakerAmount < remaining ? fillTakerAmount : remaining;
  if (isRoundingError(filled, baseUnits(order.takerTokenAmount), baseUnits(order.makerTokenAmount))) return 2;
  return 3;
}
