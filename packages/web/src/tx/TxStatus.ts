import type { Hex } from 'viem';

/** How the wallet replaced a sent transaction (same sender and nonce, another hash), viem's words. */
export type ReplacementReason = 'repriced' | 'cancelled' | 'replaced';

/** Set once the wallet replaced the transaction: the hash first sent and why it changed. */
export interface Replacement {
  reason: ReplacementReason;
  replacedHash: Hex;
}

/**
 * Where one on-chain action stands: checked against the chain, asked in the wallet, pending in the
 * pool, then confirmed or failed; `dropped` when the wallet put another transaction in its place (a
 * cancel), so the action was not done. A sped-up transaction stays the same action under a new hash.
 */
export type TxStatus =
  | { phase: 'idle' }
  | { phase: 'checking' }
  | { phase: 'wallet' }
  | { phase: 'pending'; hash: Hex; replacement?: Replacement }
  | { phase: 'confirmed'; hash: Hex; replacement?: Replacement }
  | { phase: 'failed'; reason: string; hash?: Hex; replacement?: Replacement }
  | { phase: 'dropped'; hash: Hex; replacement: Replacement };

export type TxEvent =
  | { type: 'check' }
  | { type: 'ask' }
  | { type: 'sent'; hash: Hex }
  | { type: 'replaced'; reason: ReplacementReason; hash: Hex }
  | { type: 'mined'; hash: Hex; success: boolean }
  | { type: 'error'; reason: string }
  | { type: 'reset' };
