import type { NetworkInfo } from '@relayer/protocol';
import { useQuery } from '@tanstack/react-query';
import { useRelayerApi } from '../api/useRelayerApi';
import { useVariant } from '../config/useVariant';
import { networkInfoQuery } from './networkInfoQuery';

/**
 * The relayer's `GET /config` for this network (exchange, proxy, ZRX, WETH, registry, fee policy);
 * undefined until it has loaded.
 */
export function useNetworkInfo(): NetworkInfo | undefined {
  const api = useRelayerApi();
  const variant = useVariant();
  const { data } = useQuery(networkInfoQuery(api, variant.key));
  return data;
}
