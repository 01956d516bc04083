import { QueryClient } from '@tanstack/react-query';
import { type RenderResult, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import type { Address } from 'viem';
import { type Config, createConfig, http, mock } from 'wagmi';
import { connect } from 'wagmi/actions';
import { AppProviders } from '../app/AppProviders';
import type { Variant, WebConfig } from '../config/webConfigSchema';
import { variantChain } from '../wallet/createWagmiConfig';
import { mainVariant, testWebConfig } from './testConfig';

export interface RenderOptions {
  variant?: Variant;
  config?: WebConfig;
  /** A connected wallet (wagmi's mock connector); omitted = no wallet at all (read-only). */
  wallet?: { address: Address; chainId?: number };
  queryClient?: QueryClient;
  /** Where the router starts; '/' unless given. */
  path?: string;
}

export interface RenderWithProvidersResult extends RenderResult {
  queryClient: QueryClient;
  wagmiConfig: Config;
}

/** Renders `ui` inside the real providers (config, theme, query, wagmi, notifications, router at `path`). */
export async function renderWithProviders(
  ui: ReactElement,
  options: RenderOptions = {},
): Promise<RenderWithProvidersResult> {
  const variant = options.variant ?? mainVariant;
  const config = options.config ?? testWebConfig();
  const queryClient =
    options.queryClient ??
    new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wagmiConfig = testWagmiConfig(variant, options.wallet);
  if (options.wallet) {
    const [connector] = wagmiConfig.connectors;
    if (!connector) throw new Error('no mock connector');
    await connect(wagmiConfig, { connector, chainId: options.wallet.chainId ?? variant.chainId });
  }
  // Loaded up front, so the wallet is ready in the first render pass (the app loads it after the book).
  const walletLayer = await import('../wallet/walletLayer');
  const providers = { config, variant, wagmiConfig, walletLayer, queryClient };
  // As a wrapper, so `rerender(ui)` keeps the same providers (and query cache).
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProviders {...providers}>
      <MemoryRouter initialEntries={[options.path ?? '/']}>{children}</MemoryRouter>
    </AppProviders>
  );
  const result = render(ui, { wrapper });
  return { ...result, queryClient, wagmiConfig };
}

function testWagmiConfig(variant: Variant, wallet: RenderOptions['wallet']): Config {
  const chains = [variantChain(variant)];
  if (wallet?.chainId !== undefined && wallet.chainId !== variant.chainId) {
    chains.push(variantChain({ ...variant, chainId: wallet.chainId, name: `Chain ${wallet.chainId}` }));
  }
  const [first, ...rest] = chains;
  if (!first) throw new Error('no chain');
  return createConfig({
    chains: [first, ...rest],
    connectors: wallet ? [mock({ accounts: [wallet.address], features: { reconnect: true } })] : [],
    multiInjectedProviderDiscovery: false,
    transports: Object.fromEntries(chains.map((chain) => [chain.id, http(variant.rpcUrl)])),
  });
}
