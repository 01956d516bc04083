import { useState } from 'react';
import { RouterProvider } from 'react-router';
import type { Variant, WebConfig } from '../config/webConfigSchema';
import { AppProviders } from './AppProviders';
import { createAppRouter } from './createAppRouter';

export function App({ config, variant }: { config: WebConfig; variant: Variant }) {
  const [router] = useState(createAppRouter);
  return (
    <AppProviders config={config} variant={variant}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
