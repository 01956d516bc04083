import { BrowserRouter } from 'react-router';
import type { Variant, WebConfig } from '../config/webConfigSchema';
import { AppProviders } from './AppProviders';
import { AppRoutes } from './AppRoutes';

/** History-mode routing (BrowserRouter): serve.ts answers every route path with index.html. */
export function App({ config, variant }: { config: WebConfig; variant: Variant }) {
  return (
    <AppProviders config={config} variant={variant}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
