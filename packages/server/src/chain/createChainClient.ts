import { createPublicClient, http, type PublicClient } from 'viem';
import type { NetworkConfig } from '../config.js';

/** viem's own default; `RPC_BATCH_SIZE` lowers it for nodes that refuse large batches. */
export const DEFAULT_RPC_BATCH_SIZE = 1000;

export interface ChainClientOptions {
  /** Per-request timeout; the watcher's own backoff covers retries. */
  timeoutMs?: number;
  /** viem's transport retries (default 0: routes answer 503 fast, the watcher retries by itself). */
  retryCount?: number;
}

/**
 * The public client the chain reader and watcher expect: JSON-RPC batching on, so the six reads of an
 * order's state (and those of concurrent orders) share one HTTP round trip, and no Multicall3 (network
 * 50 has none deployed).
 */
export function createChainClient(network: NetworkConfig, options: ChainClientOptions = {}): PublicClient {
  return createPublicClient({
    chain: {
      id: network.chainId,
      name: network.name,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [network.rpcUrl] } },
    },
    transport: http(network.rpcUrl, {
      batch: { batchSize: network.rpcBatchSize ?? DEFAULT_RPC_BATCH_SIZE, wait: 0 },
      retryCount: options.retryCount ?? 0,
      timeout: options.timeoutMs ?? 10_000,
    }),
  });
}
