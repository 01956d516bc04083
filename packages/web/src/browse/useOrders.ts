import type { OrderListResponse } from '@relayer/protocol';
import { keepPreviousData, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../api/queryKeys';
import { useRelayerApi } from '../api/useRelayerApi';
import { useVariant } from '../config/useVariant';
import type { OrdersRequest } from './ordersQueryState';

/**
 * One page of `GET /order`. The previous page stays on screen while the next loads, and the key starts
 * with `queryKeys.orders(variant)` so live updates and writes refresh every page at once.
 */
export function useOrders(request: OrdersRequest): UseQueryResult<OrderListResponse> {
  const api = useRelayerApi();
  const { key } = useVariant();
  return useQuery({
    queryKey: [...queryKeys.orders(key), request],
    queryFn: () => api.getOrders(request),
    placeholderData: keepPreviousData,
  });
}
