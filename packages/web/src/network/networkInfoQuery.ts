import type { NetworkInfo } from '@relayer/protocol';
import { queryKeys } from '../api/queryKeys';
import type { RelayerApi } from '../api/relayerApi';

/** The relayer's `GET /config` for this network; it does not change while the page is open. */
export function networkInfoQuery(api: RelayerApi, variantKey: string) {
  return {
    queryKey: queryKeys.networkInfo(variantKey),
    queryFn: (): Promise<NetworkInfo> => api.getNetworkInfo(),
    staleTime: Number.POSITIVE_INFINITY,
  };
}
