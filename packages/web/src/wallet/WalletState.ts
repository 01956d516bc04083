import type { Address, PublicClient, WalletClient } from 'viem';
import { walletReasons } from './walletReasons';

export interface WalletState {
  /**
   * The wallet stack (wagmi, viem clients, connectors) has loaded. It loads after the first view
   * (WalletProvider); until then the app is read-only and has no chain clients.
   */
  ready: boolean;
  /** Lower-case, as the protocol's schemas require. */
  address?: Address;
  chainId?: number;
  isConnected: boolean;
  /** Connected, on this site's chain, with a wallet client ready. */
  canTransact: boolean;
  /** Why actions are disabled, in a sentence for a notice; undefined when canTransact (walletReasons). */
  disabledReason?: string;
  /** The same in a few words, written beside each disabled action button. */
  shortReason?: string;
  /** Reads always go to the configured node, so the app works read-only without a wallet; once ready. */
  publicClient?: PublicClient;
  walletClient?: WalletClient;
  hasWallet: boolean;
  /** Asks the connected wallet to switch to `chainId` (once ready). */
  switchChain?(chainId: number): void;
}

/** Before the wallet stack has loaded. */
export const walletLoading: WalletState = {
  ready: false,
  isConnected: false,
  canTransact: false,
  disabledReason: walletReasons.checking.long,
  shortReason: walletReasons.checking.short,
  hasWallet: false,
};
