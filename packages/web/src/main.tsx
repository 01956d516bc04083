import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadRoute } from './app/AppRoutes';
import { BootError } from './app/BootError';
import { createQueryClient } from './app/createQueryClient';
import { loadWebConfig } from './config/loadWebConfig';
import { selectVariant } from './config/selectVariant';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
const root = createRoot(container);
const { pathname } = window.location;

// The page's code (index.html preloads it) starts evaluating while the config is read, so React
// renders the first view without suspending; its relayer reads are already on their way (src/boot/).
preloadRoute(pathname);
const queryClient = createQueryClient();

/** How long the first render waits for the first view's data: a slow relayer gets the page and its spinners. */
const DATA_WAIT_MS = 1_000;

// index.html shows a CSS spinner inside #root until the config has loaded and React takes over.
loadWebConfig()
  .then(async (config) => {
    const variant = selectVariant(config.variants, window.location.hostname);
    const { prefetchFirstView } = await import('./app/prefetchFirstView');
    await Promise.race([
      prefetchFirstView(queryClient, config, variant, pathname),
      new Promise((resolve) => setTimeout(resolve, DATA_WAIT_MS)),
    ]);
    root.render(
      <StrictMode>
        <App config={config} variant={variant} queryClient={queryClient} />
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    console.error(error);
    root.render(<BootError error={error} />);
  });
