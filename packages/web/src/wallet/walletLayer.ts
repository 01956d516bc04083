/**
 * The wallet stack, one lazy chunk: wagmi and viem (clients, connectors, ABI encoding, secp256k1) and
 * the components that use wagmi directly. WalletProvider loads it after the first view, so the order
 * book never waits for it.
 */
import type { Config } from 'wagmi';
import { reconnect } from 'wagmi/actions';

export { createWagmiConfig } from './createWagmiConfig';
export { NetworkGuard } from './NetworkGuard';
export { WalletBridge } from './WalletBridge';
export { WalletButton } from './WalletButton';

const started = new WeakSet<Config>();

/** What WagmiProvider does on mount (client-side rendering): reconnect a wallet the user connected before. */
export function startWallet(config: Config): void {
  if (started.has(config)) return;
  started.add(config);
  void reconnect(config);
}
