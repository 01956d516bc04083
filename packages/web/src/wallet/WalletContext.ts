import { createContext } from 'react';
import type { WalletState } from './WalletState';

/** Provided by WalletProvider: the loading state first, then what the wallet stack reports. */
export const WalletContext = createContext<WalletState | undefined>(undefined);
