import {
  type Chain,
  createPublicClient,
  createWalletClient,
  defineChain,
  type HttpTransport,
  http,
  type LocalAccount,
  type PublicActions,
  publicActions,
  type WalletClient,
} from 'viem';

export interface ConnectOptions {
  /** How often to poll for receipts; a local anvil mines instantly, a live network does not. */
  pollingInterval?: number;
}

/** A wallet client with the public actions mixed in: one object sends and waits. */
export type WalletConnection = WalletClient<HttpTransport, Chain, LocalAccount> &
  PublicActions<HttpTransport, Chain, LocalAccount>;

/**
 * A wallet client that signs locally (so it works against any node, not only anvil's unlocked
 * accounts) and sends with the chain id the node reports, never an assumed one.
 */
export async function connectWallet(
  rpcUrl: string,
  account: LocalAccount,
  options: ConnectOptions = {},
): Promise<WalletConnection> {
  const transport = http(rpcUrl);
  const chainId = await createPublicClient({ transport }).getChainId();
  const chain = defineChain({
    id: chainId,
    name: `Chain ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  return createWalletClient({
    account,
    chain,
    transport,
    pollingInterval: options.pollingInterval ?? 500,
  }).extend(publicActions);
}
