import { createContext } from 'react';

export type WalletLayer = typeof import('./walletLayer');

/** The wallet stack's module once loaded (WalletProvider), for the components that live in it. */
export const WalletLayerContext = createContext<WalletLayer | undefined>(undefined);
