import type { OrderRecord } from '@relayer/protocol';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../api/queryKeys';
import { useRelayerApi } from '../api/useRelayerApi';
import { useVariant } from '../config/useVariant';

/** While an order may still change (open or unfunded) its page re-reads it this often. */
export const ORDER_POLL_MS = 10_000;

/** One order by hash, any state (`GET /order/:hash`); a 404 is an answer, not something to retry. */
export function useOrderRecord(hash: string | undefined) {
  const api = useRelayerApi();
  const { key } = useVariant();
  return useQuery<OrderRecord>({
    queryKey: queryKeys.order(key, hash ?? ''),
    queryFn: () => api.getOrder(hash ?? ''),
    enabled: Boolean(hash),
    retry: false,
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'open' || state === 'unfunded' ? ORDER_POLL_MS : false;
    },
  });
}
