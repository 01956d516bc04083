/**
 * What the inline script of index.html's head does (bootScript.ts, bundled and inlined by vite.config.ts,
 * allowed by its CSP hash): reads the runtime config the web server embedded and starts the first view's relayer requests
 * at once, in parallel with the app's code, which adopts the answers (bootState.ts). Without an embedded
 * config (a plain static host) it does nothing and the app fetches as usual.
 */
import { selectVariant } from '../config/selectVariant';
import type { WebConfig } from '../config/webConfigSchema';
import { bootRequestUrls } from './bootRequests';
import { BOOT_CONFIG_ELEMENT_ID, type BootPrefetch } from './bootState';

export function startBootPrefetch(): void {
  const text = document.getElementById(BOOT_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return;
  try {
    const config = JSON.parse(text) as WebConfig;
    const variant = selectVariant(config.variants, window.location.hostname);
    const boot: BootPrefetch = { startedAt: performance.now(), responses: {} };
    for (const url of bootRequestUrls(config, variant, window.location.pathname)) {
      // The same request the API client makes (a CORS "simple" GET, so no preflight).
      const response = fetch(url, { headers: { accept: 'application/json' } });
      // Failures surface when the app adopts the answer (and retries); none is left unhandled.
      response.catch(() => {});
      boot.responses[url] = response;
    }
    window.__relayerBoot = boot;
  } catch {
    // A config the app cannot read either: it reports that itself.
  }
}
