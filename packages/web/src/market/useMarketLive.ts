import type { OrderbookRecordsResponse } from '@relayer/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { announceBookChange } from '../announce/announceBookChange';
import { useAnnounce } from '../announce/useAnnounce';
import { useVariant } from '../config/useVariant';
import { openLiveSocket } from '../shared/live/openLiveSocket';
import { applyMarketMessage } from './applyMarketMessage';
import { marketBookKey } from './marketBookQuery';

/** A burst of changes becomes one refetch. */
const REFETCH_DELAY_MS = 250;
const REQUEST_ID = 1;
/** While the socket is down the book is polled this often. */
export const MARKET_POLL_MS = 15_000;

/**
 * Keeps one market's book live: subscribes to the relayer's `orderbook` channel for the pair (SRA v0,
 * plus the relayer's `remove`, `state` and `resync`), patches removed or changed orders at once and
 * refetches the book after every change, since a new order arrives as a bare SignedOrder and its place
 * and remaining amounts are the relayer's answer. A new pair opens a new connection (v0 has no
 * unsubscribe). Reconnects with capped backoff and polls while disconnected, like the home book.
 */
export function useMarketLive(base: string, quote: string, { pollMs = MARKET_POLL_MS } = {}): void {
  const { relayerUrl, key } = useVariant();
  const queryClient = useQueryClient();
  const announce = useAnnounce();

  useEffect(() => {
    const queryKey = marketBookKey(key, base, quote);
    let refetchTimer: ReturnType<typeof setTimeout> | undefined;
    const refetch = () => void queryClient.invalidateQueries({ queryKey });
    const refetchSoon = () => {
      clearTimeout(refetchTimer);
      refetchTimer = setTimeout(refetch, REFETCH_DELAY_MS);
    };

    const close = openLiveSocket(relayerUrl, {
      subscription: {
        type: 'subscribe',
        channel: 'orderbook',
        requestId: REQUEST_ID,
        payload: { baseTokenAddress: base, quoteTokenAddress: quote },
      },
      onMessage: (message) => {
        if (message.type === 'error' || message.requestId !== REQUEST_ID) return;
        queryClient.setQueriesData<OrderbookRecordsResponse>(
          { queryKey },
          (book) => book && applyMarketMessage(book, message),
        );
        announceBookChange(announce, message);
        refetchSoon();
      },
      // Whatever happened while disconnected was missed.
      onReconnect: refetchSoon,
      poll: { everyMs: pollMs, run: refetch },
    });
    return () => {
      close();
      clearTimeout(refetchTimer);
    };
  }, [relayerUrl, key, base, quote, queryClient, pollMs, announce]);
}
