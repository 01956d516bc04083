import { useContext } from 'react';
import { WalletContext } from './WalletContext';
import type { WalletState } from './WalletState';

export type { WalletState } from './WalletState';

/** The wallet as the app sees it: read-only (and `ready: false`) until the wallet stack has loaded. */
export function useWallet(): WalletState {
  const value = useContext(WalletContext);
  if (!value) throw new Error('useWallet must be used inside <AppProviders>');
  return value;
}
