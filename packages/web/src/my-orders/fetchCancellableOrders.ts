import type { Address, OrderRecord } from '@relayer/protocol';
import type { RelayerApi } from '../api/relayerApi';
import { orderStatus } from '../shared/order/orderStatus';

export interface CancellableQuery {
  maker: Address;
  /** One market (either direction), or every market when absent. */
  pair?: { baseTokenAddress: Address; quoteTokenAddress: Address };
  /** The chain's clock: an order past its expiry cannot be cancelled any more. */
  nowSec: bigint;
  /** Stop after this many (the caller refuses more in one transaction anyway). */
  limit: number;
}

/**
 * Every order of the maker that a cancel would still change (open or unfunded, something left, not
 * expired), from the relayer rather than from the pages on screen, newest first, up to `limit` + 1.
 */
export async function fetchCancellableOrders(
  api: RelayerApi,
  query: CancellableQuery,
): Promise<OrderRecord[]> {
  const found: OrderRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await api.getOrders({
      maker: query.maker,
      state: ['open', 'unfunded'],
      per_page: 100,
      sort: 'createdAt',
      direction: 'desc',
      ...query.pair,
      ...(cursor ? { cursor } : {}),
    });
    found.push(...page.orders.filter((order) => orderStatus(order, query.nowSec).cancellable));
    cursor = page.nextCursor ?? undefined;
  } while (cursor && found.length <= query.limit);
  return found.slice(0, query.limit + 1);
}
