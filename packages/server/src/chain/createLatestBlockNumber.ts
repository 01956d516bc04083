import type { PublicClient } from 'viem';

/**
 * The node's current block number, fresh on every call (viem's own `getBlockNumber` caches for the
 * client's polling interval, seconds), but shared by callers that ask while a request is in flight, so a
 * burst of order reads costs one `eth_blockNumber`.
 */
export function createLatestBlockNumber(client: PublicClient): () => Promise<bigint> {
  let inFlight: Promise<bigint> | undefined;
  return () => {
    if (!inFlight) {
      inFlight = client.getBlockNumber({ cacheTime: 0 }).finally(() => {
        inFlight = undefined;
      });
    }
    return inFlight;
  };
}
