import { type Chain, defineChain } from 'viem';
import { type Config, createConfig, http, injected } from 'wagmi';
import type { Variant, WebConfig } from '../config/webConfigSchema';

export function variantChain(variant: Variant): Chain {
  return defineChain({
    id: variant.chainId,
    name: variant.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [variant.rpcUrl] } },
  });
}

/**
 * Chains come only from the runtime config, each with its configured RPC, so the app never talks to a
 * public default node. Wallets are found through `window.ethereum` (injected) and EIP-6963 announcements.
 */
export function createWagmiConfig(config: WebConfig, current: Variant): Config {
  // The current variant first: wagmi treats the first chain as the default.
  const variants = [current, ...config.variants.filter((v) => v.chainId !== current.chainId)];
  const chains = variants.map(variantChain);
  const [first, ...rest] = chains;
  if (!first) throw new Error('no chains configured');
  return createConfig({
    chains: [first, ...rest],
    connectors: [injected()],
    multiInjectedProviderDiscovery: true,
    transports: Object.fromEntries(variants.map((v) => [v.chainId, http(v.rpcUrl)])),
  });
}
