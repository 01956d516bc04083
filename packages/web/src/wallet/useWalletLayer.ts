import { useContext } from 'react';
import { type WalletLayer, WalletLayerContext } from './WalletLayerContext';

/** The loaded wallet stack (walletLayer.ts), or undefined while it loads after the first view. */
export function useWalletLayer(): WalletLayer | undefined {
  return useContext(WalletLayerContext);
}
