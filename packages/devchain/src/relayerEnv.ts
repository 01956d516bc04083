import type { DevChain } from './startDevChain.js';

/**
 * A dev chain in the relayer's own variables (packages/server/.env.example), for `loadConfig`: the main
 * network with no prefix, the test network with `KOVAN_`.
 */
export function relayerEnv(
  chain: Pick<DevChain, 'chainId' | 'rpcUrl' | 'deployment'>,
  prefix: '' | 'KOVAN_' = '',
): Record<string, string> {
  const { deployment } = chain;
  return {
    [`${prefix}CHAIN_ID`]: String(chain.chainId),
    [`${prefix}RPC_URL`]: chain.rpcUrl,
    [`${prefix}EXCHANGE_ADDRESS`]: deployment.exchange,
    [`${prefix}TOKEN_TRANSFER_PROXY_ADDRESS`]: deployment.tokenTransferProxy,
    [`${prefix}ZRX_ADDRESS`]: deployment.zrx,
    [`${prefix}WETH_ADDRESS`]: deployment.weth,
    [`${prefix}TOKEN_REGISTRY_ADDRESS`]: deployment.tokenRegistry,
  };
}
