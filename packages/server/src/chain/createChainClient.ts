import {
  BaseError,
  createPublicClient,
  HttpRequestError,
  http,
  type PublicClient,
  SocketClosedError,
  TimeoutError,
  type Transport,
} from 'viem';
import type { NetworkConfig } from '../config.js';
import { orderSecrets, scrubError } from '../logging/scrubSecrets.js';
import { type Secret, urlSecrets } from '../logging/urlSecrets.js';
import type { NodeGuard } from './createNodeGuard.js';
import { DEFAULT_RPC_BATCH_SIZE, DEFAULT_RPC_TIMEOUT_MS } from './rpcDefaults.js';

export interface ChainClientOptions {
  /** Per-request timeout (default: the network's `rpcTimeoutMs`); the watcher's own backoff covers retries. */
  timeoutMs?: number;
  /** viem's transport retries (default 0: routes answer 503 fast, the watcher retries by itself). */
  retryCount?: number;
  /** The network's circuit breaker: requests fail at once while the node is known down. */
  guard?: NodeGuard;
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
    transport: guarded(
      http(network.rpcUrl, {
        batch: { batchSize: network.rpcBatchSize ?? DEFAULT_RPC_BATCH_SIZE, wait: 0 },
        retryCount: options.retryCount ?? 0,
        timeout: options.timeoutMs ?? network.rpcTimeoutMs ?? DEFAULT_RPC_TIMEOUT_MS,
      }),
      options.guard,
      orderSecrets(urlSecrets(network.rpcUrl)),
    ),
  });
}

/**
 * The transport with every request passed through the guard (same type, url and timeout), and every
 * error scrubbed of the node URL's secrets: viem's HTTP errors quote the whole URL, whose path or query
 * holds a hosted node's API key, and they reach logs, /health and start-up messages.
 */
function guarded<T extends Transport>(
  transport: T,
  guard: NodeGuard | undefined,
  secrets: readonly Secret[],
): T {
  return ((params: Parameters<T>[0]) => {
    const inner = transport(params);
    const send: typeof inner.request = async (args, requestOptions) => {
      try {
        return await inner.request(args, requestOptions);
      } catch (error) {
        throw scrubError(error, secrets);
      }
    };
    const request: typeof inner.request = guard
      ? (args, requestOptions) => guard.run(() => send(args, requestOptions), isUnanswered)
      : send;
    return { ...inner, request };
  }) as T;
}

/** The node gave no answer (no connection, a timeout, an HTTP error), as opposed to a JSON-RPC error. */
function isUnanswered(error: unknown): boolean {
  if (!(error instanceof BaseError)) return true;
  return (
    error.walk(
      (e) => e instanceof HttpRequestError || e instanceof TimeoutError || e instanceof SocketClosedError,
    ) !== null
  );
}
