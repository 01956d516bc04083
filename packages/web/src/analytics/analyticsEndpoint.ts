import type { Variant, WebConfig } from '../config/webConfigSchema';

/**
 * Where pageviews go: the configured endpoint, else `POST {prefix}/analytics/pageview` on this site's
 * own relayer network (the Kovan site's URL keeps its '/kovan' prefix, so its views are counted as
 * Kovan's, under '/kovan/…'). Undefined when analytics is switched off.
 */
export function analyticsEndpoint(config: WebConfig, current: Variant): string | undefined {
  if (!config.analytics.enabled) return undefined;
  if (config.analytics.endpoint) return config.analytics.endpoint;
  return `${current.relayerUrl.replace(/\/+$/, '')}/analytics/pageview`;
}

/**
 * The path a pageview reports: the route's, with an order page's hash replaced by `:hash`, so the
 * counts are per page of the app, not one row per order ever opened.
 */
export function pageviewPath(pathname: string): string {
  return pathname.replace(/^\/orders\/[^/]+\/?$/, '/orders/:hash');
}

/**
 * The path reported for `pathname` to `analyticsEndpoint`. The relayer's own endpoint knows the
 * network from its URL prefix; a configured endpoint serves every site alike, so the Kovan site's
 * views carry the network prefix in the path ('/kovan/markets'), as the relayer stores them.
 */
export function reportedPath(config: WebConfig, current: Variant, pathname: string): string {
  const path = pageviewPath(pathname);
  return config.analytics.endpoint && current.key !== 'main' ? `/${current.key}${path}` : path;
}
