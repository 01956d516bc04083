import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { type Config, WagmiProvider } from 'wagmi';
import { WebConfigContext } from '../config/WebConfigContext';
import type { Variant, WebConfig } from '../config/webConfigSchema';
import { NotificationsProvider } from '../notifications/NotificationsProvider';
import { createWagmiConfig } from '../wallet/createWagmiConfig';
import { createQueryClient } from './createQueryClient';
import { theme } from './theme';

export interface AppProvidersProps {
  config: WebConfig;
  variant: Variant;
  children: ReactNode;
  /** Tests pass their own (mock connector, no retries). */
  wagmiConfig?: Config;
  queryClient?: QueryClient;
}

/** Everything a screen needs: config/variant, theme, TanStack Query, wagmi, notifications, date pickers. */
export function AppProviders({ config, variant, children, wagmiConfig, queryClient }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const wagmi = useMemo(
    () => wagmiConfig ?? createWagmiConfig(config, variant),
    [wagmiConfig, config, variant],
  );
  const webConfig = useMemo(() => ({ config, variant }), [config, variant]);
  return (
    <WebConfigContext value={webConfig}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <WagmiProvider config={wagmi}>
          <QueryClientProvider client={client}>
            <LocalizationProvider dateAdapter={AdapterDayjs}>
              <NotificationsProvider>{children}</NotificationsProvider>
            </LocalizationProvider>
          </QueryClientProvider>
        </WagmiProvider>
      </ThemeProvider>
    </WebConfigContext>
  );
}
