import type { Address, PublicClient, WalletClient } from 'viem';
import { useConnection, usePublicClient, useWalletClient } from 'wagmi';
import { useVariant } from '../config/useVariant';
import { useWalletOptions } from './useWalletOptions';

export interface WalletState {
  /** Lower-case, as the protocol's schemas require. */
  address?: Address;
  chainId?: number;
  isConnected: boolean;
  /** Connected, on this site's chain, with a wallet client ready. */
  canTransact: boolean;
  /** Why actions are disabled, for tooltips and helper texts; undefined when canTransact. */
  disabledReason?: string;
  /** Reads always go to the configured node, so the app works read-only without a wallet. */
  publicClient: PublicClient;
  walletClient?: WalletClient;
  hasWallet: boolean;
}

export function useWallet(): WalletState {
  const variant = useVariant();
  const { address, chainId, isConnected } = useConnection();
  const { hasWallet } = useWalletOptions();
  const publicClient = usePublicClient({ chainId: variant.chainId });
  const { data: walletClient } = useWalletClient({ chainId: variant.chainId });
  if (!publicClient) throw new Error(`chain ${variant.chainId} is missing from the wagmi config`);

  const onChain = isConnected && chainId === variant.chainId;
  const canTransact = onChain && Boolean(walletClient);
  let disabledReason: string | undefined;
  if (!canTransact) {
    if (!isConnected && !hasWallet)
      disabledReason = 'No wallet found: install a browser wallet to trade (browsing works without one)';
    else if (!isConnected) disabledReason = 'Connect your wallet to trade';
    else if (!onChain) disabledReason = `Switch your wallet to the ${variant.name} network`;
    else disabledReason = 'Waiting for the wallet…';
  }

  return {
    address: address ? (address.toLowerCase() as Address) : undefined,
    chainId: isConnected ? chainId : undefined,
    isConnected,
    canTransact,
    disabledReason,
    publicClient: publicClient as PublicClient,
    walletClient: canTransact ? walletClient : undefined,
    hasWallet,
  };
}
