import type { OrderListResponse } from '@relayer/protocol';
import { queryKeys } from '../api/queryKeys';
import type { RelayerApi } from '../api/relayerApi';
import type { OrdersRequest } from './ordersQueryState';

/**
 * One page of `GET /order`, shared by useOrders and the boot prefetch. The key starts with
 * `queryKeys.orders(variant)` so live updates and writes refresh every page at once.
 */
export function ordersQuery(api: RelayerApi, variantKey: string, request: OrdersRequest) {
  return {
    queryKey: [...queryKeys.orders(variantKey), request],
    queryFn: (): Promise<OrderListResponse> => api.getOrders(request),
  };
}
