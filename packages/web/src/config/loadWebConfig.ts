import { defaultWebConfig } from './defaultWebConfig';
import type { WebConfig } from './webConfigSchema';

export type { Links, Variant, WebConfig } from './webConfigSchema';

/**
 * Reads `/config.json` from the app's own origin so one build serves any deployment. A missing file
 * (404) means the local defaults; a file that is present but invalid is a deployment mistake and fails
 * loudly rather than silently talking to the wrong relayer. The validator loads in parallel with the
 * file, keeping it out of the entry chunk.
 */
export async function loadWebConfig(
  fetchFn: typeof fetch = fetch,
  origin = window.location.origin,
): Promise<WebConfig> {
  const [response, { webConfigSchema }] = await Promise.all([
    fetchFn(new URL('/config.json', origin), { cache: 'no-cache' }),
    import('./webConfigSchema'),
  ]);
  // A static host's SPA fallback answers index.html for a missing file: that is "no config" too.
  const isHtml = (response.headers.get('content-type') ?? '').includes('text/html');
  if (response.status === 404 || isHtml) return defaultWebConfig(origin);
  if (!response.ok) throw new Error(`/config.json answered HTTP ${response.status}`);
  const parsed = webConfigSchema.safeParse(await response.json());
  if (!parsed.success) {
    throw new Error(
      `/config.json is invalid: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
    );
  }
  return parsed.data;
}
