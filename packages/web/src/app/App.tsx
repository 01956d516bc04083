import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import type { Variant, WebConfig } from '../config/webConfigSchema';
import { AppProviders } from './AppProviders';
import { AppRoutes } from './AppRoutes';

/** History-mode routing (BrowserRouter): serve.ts answers every route path with index.html. */
export function App({
  config,
  variant,
  queryClient,
}: {
  config: WebConfig;
  variant: Variant;
  /** Holds the first view's data, fetched before the first render (prefetchFirstView). */
  queryClient: QueryClient;
}) {
  return (
    <AppProviders config={config} variant={variant} queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
