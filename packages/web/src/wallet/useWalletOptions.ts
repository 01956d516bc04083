import { type Connector, useConnectors } from 'wagmi';

/**
 * Wallets the user can pick: the EIP-6963 announced ones, or the generic injected connector when none
 * announced itself (most wallets also set window.ethereum, so listing both would show one wallet twice).
 */
export function useWalletOptions(): { options: readonly Connector[]; hasWallet: boolean } {
  const connectors = useConnectors();
  const announced = connectors.filter((c) => c.id !== 'injected');
  const hasInjected = typeof window !== 'undefined' && 'ethereum' in window && Boolean(window.ethereum);
  const generic = connectors.filter((c) => c.id === 'injected');
  const options = announced.length > 0 ? announced : hasInjected ? generic : [];
  return { options, hasWallet: options.length > 0 };
}

declare global {
  interface Window {
    ethereum?: unknown;
  }
}
