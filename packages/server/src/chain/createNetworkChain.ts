import type { PublicClient } from 'viem';
import type { NetworkConfig } from '../config.js';
import { checkChain } from './checkChain.js';
import { createChainClient } from './createChainClient.js';
import { type ChainReader, createChainReader } from './createChainReader.js';
import { createNodeGuard, type NodeGuard, type NodeGuardOptions } from './createNodeGuard.js';
import { createRpcBatcher } from './createRpcBatcher.js';

export interface NetworkChain {
  client: PublicClient;
  reader: ChainReader;
  guard: NodeGuard;
}

/**
 * One network's way to its node: the viem client (watcher, token reads), the batched chain reader
 * (acceptance), and the circuit breaker both go through. The guard's own check (`checkChain`) is sent
 * past it, so a node that is down can be found up again.
 */
export function createNetworkChain(
  network: NetworkConfig,
  options: { client?: PublicClient | undefined; log: NodeGuardOptions['log']; now: () => number },
): NetworkChain {
  const guard = createNodeGuard({
    network,
    log: options.log,
    now: options.now,
    check: () => checkChain(unguarded, network),
  });
  const client = options.client ?? createChainClient(network, { guard });
  const unguarded = createRpcBatcher(client, network.rpcBatchSize);
  const reader = createChainReader({
    client,
    addresses: network.addresses,
    guard,
    ...(network.rpcBatchSize ? { rpcBatchSize: network.rpcBatchSize } : {}),
  });
  return { client, reader, guard };
}
