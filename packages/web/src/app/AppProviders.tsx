import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import type { Config } from 'wagmi';
import { WebConfigContext } from '../config/WebConfigContext';
import type { Variant, WebConfig } from '../config/webConfigSchema';
import { NotificationsProvider } from '../notifications/NotificationsProvider';
import { type WalletLayer, WalletProvider } from '../wallet/WalletProvider';
import { createQueryClient } from './createQueryClient';
import { useAppTheme } from './useAppTheme';

export interface AppProvidersProps {
  config: WebConfig;
  variant: Variant;
  children: ReactNode;
  /** Tests pass their own (mock connector, no retries) and the loaded wallet stack. */
  wagmiConfig?: Config;
  walletLayer?: WalletLayer;
  queryClient?: QueryClient;
}

/**
 * Everything a screen needs: config/variant, theme, TanStack Query, the wallet (loaded after the first
 * view), notifications.
 */
export function AppProviders({
  config,
  variant,
  children,
  wagmiConfig,
  walletLayer,
  queryClient,
}: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const webConfig = useMemo(() => ({ config, variant }), [config, variant]);
  const theme = useAppTheme();
  return (
    <WebConfigContext value={webConfig}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <QueryClientProvider client={client}>
          <WalletProvider wagmiConfig={wagmiConfig} walletLayer={walletLayer}>
            <NotificationsProvider>{children}</NotificationsProvider>
          </WalletProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </WebConfigContext>
  );
}
