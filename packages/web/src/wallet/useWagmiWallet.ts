import { useMemo } from 'react';
import type { Address, PublicClient } from 'viem';
import { useConnection, usePublicClient, useSwitchChain, useWalletClient } from 'wagmi';
import { useVariant } from '../config/useVariant';
import { useWalletOptions } from './useWalletOptions';
import type { WalletState } from './WalletState';
import { walletReasons } from './walletReasons';

/** The wallet state from wagmi's hooks (inside the wallet stack: WalletBridge reports it to the app). */
export function useWagmiWallet(): WalletState {
  const variant = useVariant();
  const { address, chainId, isConnected } = useConnection();
  const { hasWallet } = useWalletOptions();
  const publicClient = usePublicClient({ chainId: variant.chainId });
  const { data: walletClient } = useWalletClient({ chainId: variant.chainId });
  const { mutate: switchChain } = useSwitchChain();
  if (!publicClient) throw new Error(`chain ${variant.chainId} is missing from the wagmi config`);

  const onChain = isConnected && chainId === variant.chainId;
  const canTransact = onChain && Boolean(walletClient);
  let reason: { long: string; short: string } | undefined;
  if (canTransact) reason = undefined;
  else if (!isConnected) reason = hasWallet ? walletReasons.notConnected : walletReasons.noWallet;
  else if (!onChain)
    reason = { long: walletReasons.wrongNetwork.long(variant.name), short: walletReasons.wrongNetwork.short };
  else reason = walletReasons.waiting;
  const disabledReason = reason?.long;
  const shortReason = reason?.short;

  const account = address ? (address.toLowerCase() as Address) : undefined;
  const connectedChain = isConnected ? chainId : undefined;
  const transactingClient = canTransact ? walletClient : undefined;
  // One object per change, so the app re-renders only when something it reads has changed.
  return useMemo(
    () => ({
      ready: true,
      address: account,
      chainId: connectedChain,
      isConnected,
      canTransact,
      disabledReason,
      shortReason,
      publicClient: publicClient as PublicClient,
      walletClient: transactingClient,
      hasWallet,
      switchChain: (id: number) => switchChain({ chainId: id }),
    }),
    [
      account,
      connectedChain,
      isConnected,
      canTransact,
      disabledReason,
      shortReason,
      publicClient,
      transactingClient,
      hasWallet,
      switchChain,
    ],
  );
}
