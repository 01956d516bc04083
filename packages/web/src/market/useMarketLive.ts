import {
  type OrderbookRecordsResponse,
  type WsServerMessage,
  wsServerMessageSchema,
} from '@relayer/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { orderBookSocketUrl, reconnectDelay } from '../browse/orderBookSocketUrl';
import { useVariant } from '../config/useVariant';
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

  useEffect(() => {
    const queryKey = marketBookKey(key, base, quote);
    let socket: WebSocket | undefined;
    let attempt = 0;
    let connectedBefore = false;
    let stopped = false;
    let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
    let refetchTimer: ReturnType<typeof setTimeout> | undefined;
    let pollTimer: ReturnType<typeof setInterval> | undefined;

    const refetch = () => void queryClient.invalidateQueries({ queryKey });
    const stopPolling = () => {
      clearInterval(pollTimer);
      pollTimer = undefined;
    };
    const refetchSoon = () => {
      clearTimeout(refetchTimer);
      refetchTimer = setTimeout(refetch, REFETCH_DELAY_MS);
    };

    const connect = () => {
      const ws = new WebSocket(orderBookSocketUrl(relayerUrl));
      socket = ws;
      ws.onopen = () => {
        attempt = 0;
        stopPolling();
        ws.send(
          JSON.stringify({
            type: 'subscribe',
            channel: 'orderbook',
            requestId: REQUEST_ID,
            payload: { baseTokenAddress: base, quoteTokenAddress: quote },
          }),
        );
        // Whatever happened while disconnected was missed.
        if (connectedBefore) refetchSoon();
        connectedBefore = true;
      };
      ws.onmessage = (event) => {
        const message = parseMessage(event.data);
        if (!message || message.type === 'error' || message.requestId !== REQUEST_ID) return;
        queryClient.setQueriesData<OrderbookRecordsResponse>(
          { queryKey },
          (book) => book && applyMarketMessage(book, message),
        );
        refetchSoon();
      };
      ws.onclose = () => {
        if (stopped || socket !== ws) return;
        pollTimer ??= setInterval(refetch, pollMs);
        reconnectTimer = setTimeout(connect, reconnectDelay(attempt));
        attempt += 1;
      };
    };

    pollTimer = setInterval(refetch, pollMs);
    connect();
    return () => {
      stopped = true;
      stopPolling();
      clearTimeout(reconnectTimer);
      clearTimeout(refetchTimer);
      socket?.close();
    };
  }, [relayerUrl, key, base, quote, queryClient, pollMs]);
}

function parseMessage(data: unknown): WsServerMessage | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const parsed = wsServerMessageSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
