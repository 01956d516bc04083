import type { TradeRecord } from '@relayer/protocol';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { queryKeys } from '../api/queryKeys';
import { useRelayerApi } from '../api/useRelayerApi';
import { useVariant } from '../config/useVariant';
import { openLiveSocket } from '../shared/live/openLiveSocket';
import { applyTradeMessage, type TradePages } from './applyTradeMessage';
import { type TradeFilter, tradeMatches, tradeQuery, tradeSubscription } from './tradeFilter';

const REQUEST_ID = 1;

export interface UseTradesOptions {
  /** Trades per page (the relayer allows 1-100). */
  perPage?: number;
  /** Called for each live trade of the list (e.g. to re-read the order it filled). */
  onTrade?(trade: TradeRecord): void;
  /** False until the filter is known (no account yet): nothing is asked. */
  enabled?: boolean;
}

/**
 * Trades newest first (`GET /trades`, paged on by `nextCursor`), kept live over the relayer's `trades`
 * WebSocket channel: a new fill joins the list at once, one a re-org removed leaves it. The socket is
 * subscribed before the history is read, duplicates are dropped by block hash and log index, and after a
 * reconnect or a `resync` the list is read again. Reconnects with capped backoff; closes on unmount.
 */
export function useTrades(
  filter: TradeFilter,
  { perPage = 25, onTrade, enabled = true }: UseTradesOptions = {},
) {
  const api = useRelayerApi();
  const { relayerUrl, key } = useVariant();
  const queryClient = useQueryClient();
  const filterKey = JSON.stringify(filter);
  // The filter by value: a new object with the same fields is the same list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKey is the filter's value.
  const stable = useMemo(() => filter, [filterKey]);
  const queryKey = useMemo(
    () => [...queryKeys.trades(key), stable, perPage] as const,
    [key, stable, perPage],
  );
  const onTradeRef = useRef(onTrade);
  onTradeRef.current = onTrade;

  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) =>
      api.getTrades({ ...tradeQuery(stable, perPage), ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });

  useEffect(() => {
    if (!enabled) return;
    const reload = () => void queryClient.invalidateQueries({ queryKey });
    return openLiveSocket(relayerUrl, {
      subscription: {
        type: 'subscribe',
        channel: 'trades',
        requestId: REQUEST_ID,
        payload: tradeSubscription(stable),
      },
      onMessage: (message) => {
        if (message.type === 'error' || message.channel !== 'trades') return;
        if (message.type === 'resync') return reload();
        if (message.type !== 'trade' && message.type !== 'tradeRemoved') return;
        queryClient.setQueryData<TradePages>(
          queryKey,
          (data) => data && applyTradeMessage(data, message, stable),
        );
        if (message.type === 'trade' && tradeMatches(message.payload, stable))
          onTradeRef.current?.(message.payload);
      },
      // Trades recorded while the socket was down were missed: read the history again.
      onReconnect: reload,
    });
  }, [relayerUrl, queryClient, queryKey, stable, enabled]);

  const trades = useMemo(() => query.data?.pages.flatMap((page) => page.trades) ?? [], [query.data]);
  return { ...query, trades };
}

/** A list of trades as `useTrades` reads it: the query, plus its pages' trades in one array. */
export type LiveTrades = ReturnType<typeof useTrades>;
