import { testConfig } from '../../src/config.js';
import {
  createPriceCache,
  type PriceCache,
  type PriceCacheOptions,
} from '../../src/prices/createPriceCache.js';

/**
 * A price cache reading from a stand-in price server, with the test config's price settings as `options`
 * change them; the server and the cache are stopped by `closers` after the test.
 */
export function priceCacheOn<S extends { url: string; close: () => unknown }>(
  server: S,
  options: Partial<PriceCacheOptions> & Pick<PriceCacheOptions, 'now' | 'log'>,
  closers: (() => unknown)[],
): { server: S; cache: PriceCache } {
  const cache = createPriceCache({ ...testConfig().prices, sourceUrl: server.url, fetch, ...options });
  closers.push(server.close, () => cache.stop());
  return { server, cache };
}
