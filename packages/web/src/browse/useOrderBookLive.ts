import type { OrderListResponse, WsServerMessage } from '@relayer/protocol';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { announceBookChange } from '../announce/announceBookChange';
import { useAnnounce } from '../announce/useAnnounce';
import { queryKeys } from '../api/queryKeys';
import { useVariant } from '../config/useVariant';
import { openLiveSocket } from '../shared/live/openLiveSocket';
import { applyOrderBookMessage } from './applyOrderBookMessage';

/** Refetches are batched: a burst of fills becomes one request per visible page. */
const REFETCH_DELAY_MS = 250;
const REQUEST_ID = 1;
/** While the socket is down (not yet open, dropped, refused by a proxy) the book is polled this often. */
export const POLL_FALLBACK_MS = 15_000;

/**
 * Keeps the order book live: subscribes to the relayer's `orders` channel, drops or updates rows on
 * `remove`/`state` at once and refetches on every change (a new order's position is the server's to
 * decide). Reconnects with capped backoff, refetching after a gap; closes on unmount. Whenever the
 * socket is not open, the book falls back to polling every `pollMs`.
 */
export function useOrderBookLive({ pollMs = POLL_FALLBACK_MS }: { pollMs?: number } = {}): void {
  const { relayerUrl, key } = useVariant();
  const queryClient = useQueryClient();
  const announce = useAnnounce();

  useEffect(() => {
    const queryKey = queryKeys.orders(key);
    let refetchTimer: ReturnType<typeof setTimeout> | undefined;
    const refetchSoon = () => {
      clearTimeout(refetchTimer);
      refetchTimer = setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey });
        // A change may come from a new block whose time moved the chain's clock (orders expiring at once).
        void queryClient.invalidateQueries({ queryKey: queryKeys.chain(key) });
      }, REFETCH_DELAY_MS);
    };
    const close = openLiveSocket(relayerUrl, {
      subscription: { type: 'subscribe', channel: 'orders', requestId: REQUEST_ID, payload: {} },
      onMessage(message) {
        if (message.type === 'error') {
          console.warn('Order book updates: the relayer refused the subscription', message.payload);
          return;
        }
        if (message.type === 'snapshot' || message.channel !== 'orders') return;
        patchPages(queryClient, queryKey, message);
        announceBookChange(announce, message);
        refetchSoon();
      },
      // Whatever happened while disconnected was missed: reload.
      onReconnect: refetchSoon,
      poll: { everyMs: pollMs, run: () => void queryClient.invalidateQueries({ queryKey }) },
    });
    return () => {
      close();
      clearTimeout(refetchTimer);
    };
  }, [relayerUrl, key, queryClient, pollMs, announce]);
}

function patchPages(queryClient: QueryClient, queryKey: readonly unknown[], message: WsServerMessage): void {
  queryClient.setQueriesData<OrderListResponse>(
    { queryKey },
    (page) => page && applyOrderBookMessage(page, message),
  );
}
