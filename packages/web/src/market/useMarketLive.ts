import type { OrderbookRecordsResponse } from '@relayer/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { announceBookChange } from '../announce/announceBookChange';
import { useAnnounce } from '../announce/useAnnounce';
import { useVariant } from '../config/useVariant';
import { openPairFeed, PAIR_REQUEST_ID } from '../shared/live/openPairFeed';
import { applyMarketMessage } from './applyMarketMessage';
import { marketBookKey } from './marketBookQuery';

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
    const refetch = () => void queryClient.invalidateQueries({ queryKey });
    return openPairFeed(relayerUrl, {
      channel: 'orderbook',
      base,
      quote,
      refetch,
      pollMs,
      onMessage: (message) => {
        if (message.requestId !== PAIR_REQUEST_ID) return false;
        queryClient.setQueriesData<OrderbookRecordsResponse>(
          { queryKey },
          (book) => book && applyMarketMessage(book, message),
        );
        announceBookChange(announce, message);
        return true;
      },
    });
  }, [relayerUrl, key, base, quote, queryClient, pollMs, announce]);
}
