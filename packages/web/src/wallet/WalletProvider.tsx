import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { type Config, WagmiContext } from 'wagmi';
import { afterFirstView } from '../app/firstView';
import { useWebConfig } from '../config/useWebConfig';
import { WalletContext } from './WalletContext';
import { type WalletLayer, WalletLayerContext } from './WalletLayerContext';
import { type WalletState, walletLoading } from './WalletState';

export type { WalletLayer } from './WalletLayerContext';

export interface WalletProviderProps {
  children: ReactNode;
  /** Tests pass their own (mock connector). */
  wagmiConfig?: Config;
  /** Tests pass the loaded module, so the wallet is ready in the first render pass. */
  walletLayer?: WalletLayer;
}

/**
 * The wallet for the app: read-only at first (useWallet says `ready: false`), and the wallet stack
 * (walletLayer.ts, a lazy chunk) loaded once the first view is on screen. The tree keeps its shape when
 * it arrives (wagmi's context only gets its value, WalletBridge mounts beside the children), so nothing
 * the trader sees is remounted.
 */
export function WalletProvider({ children, wagmiConfig, walletLayer }: WalletProviderProps) {
  const { config, variant } = useWebConfig();
  const [layer, setLayer] = useState<WalletLayer | undefined>(walletLayer);
  const [state, setState] = useState<WalletState>(walletLoading);

  useEffect(() => {
    if (layer) return;
    let current = true;
    afterFirstView()
      .then(() => import('./walletLayer'))
      .then((loaded) => current && setLayer(loaded))
      .catch((error: unknown) => console.error('The wallet could not load', error));
    return () => {
      current = false;
    };
  }, [layer]);

  const wagmi = useMemo(
    () => (layer ? (wagmiConfig ?? layer.createWagmiConfig(config, variant)) : undefined),
    [layer, wagmiConfig, config, variant],
  );
  useEffect(() => {
    if (layer && wagmi) layer.startWallet(wagmi);
  }, [layer, wagmi]);
  // A stable element: WalletBridge re-renders on wagmi's changes only, not on the state it reports.
  const bridge = useMemo(() => (layer ? <layer.WalletBridge onChange={setState} /> : null), [layer]);

  return (
    <WagmiContext value={wagmi}>
      {bridge}
      <WalletLayerContext value={layer}>
        <WalletContext value={state}>{children}</WalletContext>
      </WalletLayerContext>
    </WagmiContext>
  );
}
