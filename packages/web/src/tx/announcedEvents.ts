import type { Announce } from '../announce/AnnounceContext';
import type { TxEvent, TxStatus } from './TxStatus';
import { txStatusReducer } from './txStatusReducer';
import { txStatusText } from './txStatusText';

/**
 * An onEvent for sendTrackedTx that says each change of the transaction's status through the page's
 * live announcer (the brief check before the prompt is not worth saying), then passes the event on.
 */
export function announcedEvents(
  announce: Announce,
  forward?: (event: TxEvent) => void,
): (event: TxEvent) => void {
  let status: TxStatus = { phase: 'idle' };
  return (event) => {
    const next = txStatusReducer(status, event);
    if (next !== status && next.phase !== 'checking') {
      const text = txStatusText(next);
      if (text) announce(`tx:${text}`, () => text);
    }
    status = next;
    forward?.(event);
  };
}
