import type { OrderListResponse } from '@relayer/protocol';
import { keepPreviousData, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useRelayerApi } from '../api/useRelayerApi';
import { useVariant } from '../config/useVariant';
import { ordersQuery } from './ordersQuery';
import type { OrdersRequest } from './ordersQueryState';

/** One page of `GET /order` (ordersQuery). The previous page stays on screen while the next loads. */
export function useOrders(request: OrdersRequest): UseQueryResult<OrderListResponse> {
  const api = useRelayerApi();
  const { key } = useVariant();
  return useQuery({ ...ordersQuery(api, key, request), placeholderData: keepPreviousData });
}
