import type { TxEvent, TxStatus } from './TxStatus';

/** The words for a transaction mined but reverted: the fee is spent, nothing else happened. */
export const REVERTED_ON_CHAIN = 'reverted on chain: its network fee was spent and nothing else changed';

const settled = (status: TxStatus) =>
  status.phase === 'idle' ||
  status.phase === 'confirmed' ||
  status.phase === 'failed' ||
  status.phase === 'dropped';

/**
 * The transaction state machine. Events out of order are ignored rather than trusted: a receipt for a
 * hash the action no longer follows, a replacement before anything was sent, a second send.
 */
export function txStatusReducer(status: TxStatus, event: TxEvent): TxStatus {
  switch (event.type) {
    case 'reset':
      return { phase: 'idle' };
    case 'check':
      return settled(status) ? { phase: 'checking' } : status;
    case 'ask':
      return settled(status) || status.phase === 'checking' ? { phase: 'wallet' } : status;
    case 'sent':
      return status.phase === 'wallet' ? { phase: 'pending', hash: event.hash } : status;
    case 'replaced':
      if (status.phase !== 'pending' || status.hash === event.hash) return status;
      return {
        phase: 'pending',
        hash: event.hash,
        replacement: {
          reason: event.reason,
          // After two replacements the first hash is still the one the user saw in the wallet.
          replacedHash: status.replacement?.replacedHash ?? status.hash,
        },
      };
    case 'mined': {
      if (status.phase !== 'pending' || status.hash !== event.hash) return status;
      const { hash, replacement } = status;
      if (replacement && replacement.reason !== 'repriced') return { phase: 'dropped', hash, replacement };
      if (!event.success) return { phase: 'failed', reason: REVERTED_ON_CHAIN, hash, replacement };
      return { phase: 'confirmed', hash, replacement };
    }
    case 'error':
      if (settled(status)) return status;
      return {
        phase: 'failed',
        reason: event.reason,
        ...(status.phase === 'pending' ? { hash: status.hash, replacement: status.replacement } : {}),
      };
  }
}
