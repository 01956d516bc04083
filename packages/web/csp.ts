/**
 * The Content-Security-Policy of the app, computed from the runtime config so `connect-src` names exactly
 * the relayer, node, analytics and ticker origins the deployment uses. Shared by vite.config.ts (build-time
 * meta tag) and serve.ts (per-deployment header and meta tag). Node only (no browser code imports it).
 */
import { createHash } from 'node:crypto';

export interface CspConfig {
  variants: ReadonlyArray<{ relayerUrl: string; rpcUrl: string }>;
  analytics?: { enabled?: boolean; endpoint?: string };
  tickerUrl?: string;
}

/** http(s) origins plus their ws(s) twins (the relayer's order-book socket, websocket RPCs). */
export function connectSources(config: CspConfig): string[] {
  const urls = config.variants.flatMap((variant) => [variant.relayerUrl, variant.rpcUrl]);
  if (config.analytics?.enabled !== false && config.analytics?.endpoint) urls.push(config.analytics.endpoint);
  if (config.tickerUrl) urls.push(config.tickerUrl);
  const sources = new Set<string>();
  for (const url of urls) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      continue;
    }
    const secure = parsed.protocol === 'https:' || parsed.protocol === 'wss:';
    sources.add(`${secure ? 'https' : 'http'}://${parsed.host}`);
    sources.add(`${secure ? 'wss' : 'ws'}://${parsed.host}`);
  }
  return [...sources];
}

export interface CspOptions {
  /** 'sha256-…' sources of the inline scripts index.html may run (the boot script), quotes excluded. */
  scriptHashes?: readonly string[];
}

/**
 * The directives, by name. Scripts only from our own origin plus the inline boot script, by hash (never
 * 'unsafe-inline', no eval). Styles allow 'unsafe-inline' because MUI's emotion injects <style> elements
 * and style attributes at run time. `frame-ancestors` only takes effect as a header, so the meta form
 * leaves it out.
 */
export function cspDirectives(
  config: CspConfig,
  form: 'header' | 'meta' = 'header',
  options: CspOptions = {},
): Record<string, string[]> {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(options.scriptHashes ?? []).map((hash) => `'${hash}'`)],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...connectSources(config)],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
  };
  if (form === 'header') directives['frame-ancestors'] = ["'none'"];
  return directives;
}

/** The policy as one header or meta-tag value. */
export function contentSecurityPolicy(
  config: CspConfig,
  form: 'header' | 'meta' = 'header',
  options: CspOptions = {},
): string {
  return Object.entries(cspDirectives(config, form, options))
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** The CSP source of an inline script: 'sha256-' and the base64 SHA-256 of its exact text. */
export function scriptHash(text: string): string {
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
}
