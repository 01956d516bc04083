import type { WsServerMessage } from '@relayer/protocol';
import { openLiveSocket } from './openLiveSocket';

/** The request id of a pair's subscription (one subscription per socket). */
export const PAIR_REQUEST_ID = 1;
/** A burst of messages becomes one re-read. */
const REFETCH_DELAY_MS = 250;

export interface PairFeed {
  channel: 'orderbook' | 'trades';
  base: string;
  quote: string;
  /** Re-reads what the feed keeps live: after a burst of messages, after a reconnect, and while polling. */
  refetch(): void;
  /** While the socket is down, `refetch` this often. */
  pollMs: number;
  /** Each message but errors, before the re-read it schedules; false: not the feed's, no re-read. */
  onMessage?(message: Exclude<WsServerMessage, { type: 'error' }>): boolean | undefined;
}

/**
 * One market's messages on a relayer channel, each followed by a re-read of what they change (a
 * burst of them by one), as after a reconnect, since whatever happened while disconnected was
 * missed. Returns the function that closes it for good (an effect's cleanup).
 */
export function openPairFeed(relayerUrl: string, feed: PairFeed): () => void {
  const { channel, base, quote, refetch, pollMs, onMessage } = feed;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const refetchSoon = () => {
    clearTimeout(timer);
    timer = setTimeout(refetch, REFETCH_DELAY_MS);
  };
  const close = openLiveSocket(relayerUrl, {
    subscription: {
      type: 'subscribe',
      channel,
      requestId: PAIR_REQUEST_ID,
      payload: { baseTokenAddress: base, quoteTokenAddress: quote },
    },
    onMessage: (message) => {
      if (message.type === 'error' || onMessage?.(message) === false) return;
      refetchSoon();
    },
    onReconnect: refetchSoon,
    poll: { everyMs: pollMs, run: refetch },
  });
  return () => {
    close();
    clearTimeout(timer);
  };
}
