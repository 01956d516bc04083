import type { NetworkConfig } from '../config.js';
import type { RpcRequest } from './RpcRequest.js';

/** The outcome of checking that the node serves the configured chain and contracts. */
export type ChainCheck =
  | { kind: 'ok' }
  /** The node did not answer: nothing is known about it yet. */
  | { kind: 'unreachable'; error: unknown }
  /** The node answered, and it is not the configured chain (or the contracts are not there). */
  | { kind: 'mismatch'; problem: string };

const CONTRACTS = [
  ['exchange', 'EXCHANGE_ADDRESS'],
  ['tokenTransferProxy', 'TOKEN_TRANSFER_PROXY_ADDRESS'],
  ['zrx', 'ZRX_ADDRESS'],
  ['weth', 'WETH_ADDRESS'],
  ['tokenRegistry', 'TOKEN_REGISTRY_ADDRESS'],
] as const;

/**
 * `eth_chainId` equals the configured chain id, and each configured contract (Exchange, token transfer
 * proxy, ZRX, WETH, TokenRegistry) has code: one JSON-RPC batch. A relayer on the wrong chain would
 * accept orders no one can fill and let its watcher rewrite the book from another chain's events.
 * Problems name the network, the setting and the address, never the node's URL (it may hold a key).
 */
export async function checkChain(rpc: RpcRequest, network: NetworkConfig): Promise<ChainCheck> {
  const env = network.key === 'main' ? '' : `${network.key.toUpperCase().replaceAll('-', '_')}_`;
  const label = `network "${network.name}" (${network.key})`;
  let chainId: unknown;
  let codes: unknown[];
  try {
    [chainId, ...codes] = await Promise.all([
      rpc('eth_chainId', []),
      ...CONTRACTS.map(([name]) => rpc('eth_getCode', [network.addresses[name], 'latest'])),
    ]);
  } catch (error) {
    return { kind: 'unreachable', error };
  }
  if (typeof chainId !== 'string' || !/^0x[0-9a-f]+$/i.test(chainId)) {
    return { kind: 'mismatch', problem: `The node for ${label} answered eth_chainId with no chain id` };
  }
  const actual = Number(BigInt(chainId));
  if (actual !== network.chainId) {
    return {
      kind: 'mismatch',
      problem: `The node for ${label} serves chain id ${actual}, but the relayer is configured for chain id ${network.chainId} (${env}CHAIN_ID): check ${env}RPC_URL and ${env}CHAIN_ID`,
    };
  }
  const missing = CONTRACTS.filter(
    (_, i) => typeof codes[i] !== 'string' || /^0x0*$/i.test(codes[i] as string),
  );
  if (missing.length > 0) {
    const list = missing.map(
      ([name, variable]) => `${name} at ${network.addresses[name]} (${env}${variable})`,
    );
    return {
      kind: 'mismatch',
      problem: `No contract on chain ${actual} for ${label}: ${list.join(', ')}. Check the addresses for this network`,
    };
  }
  return { kind: 'ok' };
}
