import { useEffect } from 'react';
import { useWagmiWallet } from './useWagmiWallet';
import type { WalletState } from './WalletState';

/**
 * Renders nothing: runs wagmi's hooks inside the wallet stack and reports the resulting state to
 * WalletProvider, which hands it to the app (useWallet) without the app importing wagmi.
 */
export function WalletBridge({ onChange }: { onChange(state: WalletState): void }) {
  const state = useWagmiWallet();
  useEffect(() => onChange(state), [state, onChange]);
  return null;
}
