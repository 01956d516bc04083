import type { Hex } from 'viem';

/** Said after an action's success message when the wallet sped its transaction up on the way. */
export function spedUpNote(spedUpFrom: Hex | undefined): string {
  return spedUpFrom ? ' (the transaction was sped up in your wallet and confirmed)' : '';
}
