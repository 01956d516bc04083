import type { TxCostState } from './useTxCost';

/** Why the confirm button is off because of the estimate: the call would revert, said before any prompt. */
export function txBlockedReason(cost: TxCostState): string | undefined {
  return cost.state === 'reverts' ? `Not sent: this would fail. ${cost.reason}` : undefined;
}
