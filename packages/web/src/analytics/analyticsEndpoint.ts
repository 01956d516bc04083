import type { Variant, WebConfig } from '../config/webConfigSchema';

/**
 * Where pageviews go: the configured endpoint, else `POST /analytics/pageview` at the relayer's root
 * (the main variant's relayer URL; the test variant's URL without its '/kovan' prefix). Undefined when
 * analytics is switched off.
 */
export function analyticsEndpoint(config: WebConfig, current: Variant): string | undefined {
  if (!config.analytics.enabled) return undefined;
  if (config.analytics.endpoint) return config.analytics.endpoint;
  const main = config.variants.find((v) => v.key === 'main');
  const root = main ? main.relayerUrl : current.relayerUrl.replace(/\/kovan\/?$/, '');
  return `${root.replace(/\/+$/, '')}/analytics/pageview`;
}
