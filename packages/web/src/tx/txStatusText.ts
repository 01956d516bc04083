import type { ReplacementReason, TxStatus } from './TxStatus';

const replacedWords: Record<ReplacementReason, string> = {
  repriced: 'sped up in your wallet',
  cancelled: 'cancelled in your wallet',
  replaced: 'replaced in your wallet by another transaction',
};

/** One sentence for where the transaction stands, said on screen and by the live announcer. */
export function txStatusText(status: TxStatus): string {
  switch (status.phase) {
    case 'idle':
      return '';
    case 'checking':
      return 'Checking the transaction against the chain…';
    case 'wallet':
      return 'Waiting for your wallet: confirm the transaction there';
    case 'pending':
      return status.replacement
        ? `Transaction ${replacedWords[status.replacement.reason]}: following the new transaction until it is mined`
        : 'Transaction pending: waiting for it to be mined';
    case 'confirmed':
      return status.replacement
        ? `Transaction ${replacedWords[status.replacement.reason]} and confirmed`
        : 'Transaction confirmed';
    case 'failed':
      return `Transaction failed: ${status.reason}`;
    case 'dropped':
      return `Transaction ${replacedWords[status.replacement.reason]}: this action was not done`;
  }
}
