/**
 * The Content-Security-Policy of the app, computed from the runtime config so `connect-src` names exactly
 * the relayer, node, analytics and ticker origins the deployment uses. Shared by vite.config.ts (build-time
 * meta tag) and serve.ts (per-deployment header and meta tag). No dependencies: serve.ts runs under plain Node.
 */
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

/**
 * Scripts only from our own origin (no inline scripts, no eval). Styles allow 'unsafe-inline' because
 * MUI's emotion injects <style> elements and style attributes at run time. `frame-ancestors` only takes
 * effect as a header, so the meta form leaves it out.
 */
export function contentSecurityPolicy(config: CspConfig, form: 'header' | 'meta' = 'header'): string {
  const directives = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${["'self'", ...connectSources(config)].join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
  ];
  if (form === 'header') directives.push("frame-ancestors 'none'");
  return directives.join('; ');
}
