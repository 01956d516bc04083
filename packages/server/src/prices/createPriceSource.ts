import type { Config } from '../config.js';
import { createCoinGeckoSource } from './createCoinGeckoSource.js';
import { createTickerSource } from './createTickerSource.js';
import type { PriceSource } from './PriceSource.js';

/** The configured market-data source, or undefined when none is configured (static example prices). */
export function createPriceSource(
  config: Config['prices'],
  deps: { fetch: typeof fetch; now: () => number },
): PriceSource | undefined {
  if (!config.sourceUrl) return undefined;
  const headers: Record<string, string> = config.apiKey ? { [config.apiKeyHeader]: config.apiKey } : {};
  const http = { url: config.sourceUrl, timeoutMs: config.timeoutMs, headers, ...deps };
  return config.source === 'coingecko'
    ? createCoinGeckoSource({ ...http, contractBatchSize: config.contractBatchSize })
    : createTickerSource(http);
}
