import { BOOT_CONFIG_ELEMENT_ID } from '../boot/bootState';
import { defaultWebConfig } from './defaultWebConfig';
import type { WebConfig, webConfigSchema } from './webConfigSchema';

type WebConfigSchema = typeof webConfigSchema;

export type { Links, Variant, WebConfig } from './webConfigSchema';

/**
 * The runtime config, so one build serves any deployment: the copy the web server embedded in
 * index.html (no round trip), else `/config.json` from the app's own origin (any static host). A
 * missing file (404) means the local defaults; a config that is present but invalid is a deployment
 * mistake and fails loudly rather than silently talking to the wrong relayer. The validator loads in
 * parallel with the file (or from its preload hint), keeping it out of the entry chunk.
 */
export async function loadWebConfig(
  fetchFn: typeof fetch = fetch,
  origin = window.location.origin,
  embedded = document.getElementById(BOOT_CONFIG_ELEMENT_ID)?.textContent,
): Promise<WebConfig> {
  if (embedded) {
    const { webConfigSchema } = await import('./webConfigSchema');
    return validated(webConfigSchema, JSON.parse(embedded), 'The embedded config');
  }
  const [response, { webConfigSchema }] = await Promise.all([
    fetchFn(new URL('/config.json', origin), { cache: 'no-cache' }),
    import('./webConfigSchema'),
  ]);
  // A static host's SPA fallback answers index.html for a missing file: that is "no config" too.
  const isHtml = (response.headers.get('content-type') ?? '').includes('text/html');
  if (response.status === 404 || isHtml) return defaultWebConfig(origin);
  if (!response.ok) throw new Error(`/config.json answered HTTP ${response.status}`);
  return validated(webConfigSchema, await response.json(), '/config.json');
}

function validated(schema: WebConfigSchema, value: unknown, source: string): WebConfig {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new Error(
      `${source} is invalid: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
    );
  }
  return parsed.data;
}
