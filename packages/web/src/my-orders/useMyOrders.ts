import {
  type Address,
  type OrderListResponse,
  type OrderQuery,
  type OrderState,
  orderStateSchema,
} from '@relayer/protocol';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { queryKeys } from '../api/queryKeys';
import { useRelayerApi } from '../api/useRelayerApi';
import { useVariant } from '../config/useVariant';
import { openLiveSocket } from '../shared/live/openLiveSocket';

export const MY_ORDERS_PER_PAGE = 25;
/**
 * Some changes reach no WebSocket message (an order the book already hid, e.g. an unfunded one the
 * maker then cancels): while the page is visible the list is re-read this often as well.
 */
export const MY_ORDERS_POLL_MS = 10_000;

export interface MyOrdersFilter {
  maker: Address | undefined;
  /** Empty: every state. */
  states: OrderState[];
  /** Both or neither: the orders between these two tokens, in either direction. */
  baseTokenAddress?: Address;
  quoteTokenAddress?: Address;
}

/** `GET /order` for one maker's history: the states asked (every one when none is chosen), newest first. */
export function myOrdersQuery(filter: MyOrdersFilter): Partial<OrderQuery> {
  const query: Partial<OrderQuery> = {
    per_page: MY_ORDERS_PER_PAGE,
    sort: 'createdAt',
    direction: 'desc',
    // Sent comma-separated, as the relayer reads a list of states.
    state: filter.states.length === 0 ? [...orderStateSchema.options] : filter.states,
  };
  if (filter.maker) query.maker = filter.maker;
  if (filter.baseTokenAddress && filter.quoteTokenAddress) {
    query.baseTokenAddress = filter.baseTokenAddress;
    query.quoteTokenAddress = filter.quoteTokenAddress;
  }
  return query;
}

/**
 * The connected maker's orders in every state (including those the public book hides), newest first,
 * "Older orders" by cursor. Kept current by the relayer's `orders` channel (a change to one of the
 * listed orders, or a new order of this maker) and by a slow poll for changes no message announces.
 */
export function useMyOrders(filter: MyOrdersFilter) {
  const api = useRelayerApi();
  const { key, relayerUrl } = useVariant();
  const queryClient = useQueryClient();
  const filterKey = JSON.stringify(filter);
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKey is the filter's value.
  const queryKey = useMemo(() => [...queryKeys.myOrders(key), filter] as const, [key, filterKey]);
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) =>
      api.getOrders({ ...myOrdersQuery(filter), ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: OrderListResponse) => last.nextCursor ?? undefined,
    enabled: Boolean(filter.maker),
    // Only while something listed can still change (open or unfunded orders).
    refetchInterval: (q) =>
      q.state.data?.pages.some((page) =>
        page.orders.some((o) => o.state === 'open' || o.state === 'unfunded'),
      )
        ? MY_ORDERS_POLL_MS
        : false,
  });
  const orders = useMemo(() => query.data?.pages.flatMap((page) => page.orders) ?? [], [query.data]);
  useMyOrdersLive(relayerUrl, filter.maker, orders, () => void queryClient.invalidateQueries({ queryKey }));
  return { ...query, orders };
}

/**
 * Reloads on the `orders` channel's news about this maker: a new order of theirs, or a change to one
 * listed, and after the socket came back from a drop (what happened meanwhile was missed).
 */
function useMyOrdersLive(
  relayerUrl: string,
  maker: Address | undefined,
  orders: { orderHash: string }[],
  reload: () => void,
) {
  const hashes = useRef(new Set<string>());
  hashes.current = new Set(orders.map((order) => order.orderHash));
  const reloadRef = useRef(reload);
  reloadRef.current = reload;
  useEffect(() => {
    if (!maker) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reloadSoon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => reloadRef.current(), 250);
    };
    const close = openLiveSocket(relayerUrl, {
      subscription: { type: 'subscribe', channel: 'orders', requestId: 1, payload: {} },
      onMessage(message) {
        if (message.type === 'resync') reloadSoon();
        else if (message.type === 'update' && 'maker' in message.payload && message.payload.maker === maker) {
          reloadSoon();
        } else if (
          (message.type === 'remove' || message.type === 'state') &&
          hashes.current.has(message.payload.orderHash)
        ) {
          reloadSoon();
        }
      },
      onReconnect: reloadSoon,
    });
    return () => {
      clearTimeout(timer);
      close();
    };
  }, [relayerUrl, maker]);
}
