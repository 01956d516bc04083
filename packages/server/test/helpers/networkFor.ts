import type { DevChain } from '@relayer/devchain';
import type { NetworkConfig } from '../../src/config.js';

/** A dev chain as the relayer's one network ('' prefix); `rpcUrl` to reach it through a proxy instead. */
export function networkFor(
  chain: Pick<DevChain, 'chainId' | 'rpcUrl' | 'deployment'>,
  rpcUrl = chain.rpcUrl,
): NetworkConfig {
  const d = chain.deployment;
  return {
    key: 'main',
    name: 'Local',
    prefix: '',
    chainId: chain.chainId,
    rpcUrl,
    addresses: {
      exchange: d.exchange,
      tokenTransferProxy: d.tokenTransferProxy,
      zrx: d.zrx,
      weth: d.weth,
      tokenRegistry: d.tokenRegistry,
    },
  };
}
