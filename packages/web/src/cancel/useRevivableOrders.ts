import type { Address, OrderRecord } from '@relayer/protocol';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../api/queryKeys';
import { useRelayerApi } from '../api/useRelayerApi';
import { useVariant } from '../config/useVariant';
import { useChainNow } from '../network/useChainNow';
import { revivableOrders } from './revivableOrders';

/**
 * The owner's unfunded orders that more of `token` would revive, from the relayer (under My orders'
 * key, so a cancel or a change to them reloads it). Empty while unknown.
 */
export function useRevivableOrders(owner: Address | undefined, token: Address | undefined): OrderRecord[] {
  const api = useRelayerApi();
  const { key } = useVariant();
  const nowSec = useChainNow();
  const { data } = useQuery({
    queryKey: [...queryKeys.myOrders(key), 'unfunded', owner],
    queryFn: async () =>
      (
        await api.getOrders({
          maker: owner,
          state: ['unfunded'],
          per_page: 100,
          sort: 'createdAt',
          direction: 'desc',
        })
      ).orders,
    enabled: Boolean(owner && token),
  });
  return data && token ? revivableOrders(data, token, nowSec) : [];
}
