import type { ChainStatus } from '@relayer/protocol';
import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '../api/queryKeys';
import type { RelayerApi } from '../api/relayerApi';

/** A reading older than this is renewed on the next 15 s tick of the clock on screen (a block may move the chain's clock ahead at any time). */
export const CHAIN_REFRESH_MS = 10_000;

/** The relayer's chain status with the moment (this computer's Unix ms) it arrived. */
export type ChainReading = ChainStatus & { receivedAtMs: number };

export function chainQuery(api: RelayerApi, variantKey: string) {
  return queryOptions({
    queryKey: queryKeys.chain(variantKey),
    queryFn: async (): Promise<ChainReading> => ({ ...(await api.getChain()), receivedAtMs: Date.now() }),
    staleTime: CHAIN_REFRESH_MS,
    // A relayer without the route (or one that is down) leaves the computer's clock in charge.
    retry: false,
  });
}
