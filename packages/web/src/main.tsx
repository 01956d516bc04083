import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { BootError } from './app/BootError';
import { loadWebConfig } from './config/loadWebConfig';
import { selectVariant } from './config/selectVariant';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
const root = createRoot(container);

// index.html shows a CSS spinner inside #root until the config has loaded and React takes over.
loadWebConfig()
  .then((config) => {
    const variant = selectVariant(config.variants, window.location.hostname);
    root.render(
      <StrictMode>
        <App config={config} variant={variant} />
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    console.error(error);
    root.render(<BootError error={error} />);
  });
