import { readFileSync } from 'node:fs';
import type { PriceQuote } from './PriceSource.js';
import { parseUsdPrice } from './parseUsdPrice.js';

/**
 * The embedded fallback prices (`staticPrices.json`) by market symbol: illustrative USD values so the app
 * shows prices offline and in development, always served as examples. Checked at load so a bad edit
 * fails at start-up, not in a client.
 */
export const staticQuotes: ReadonlyMap<string, PriceQuote> = new Map(
  Object.entries(
    JSON.parse(readFileSync(new URL('./staticPrices.json', import.meta.url), 'utf8')) as Record<
      string,
      unknown
    >,
  ).map(([symbol, value]) => {
    const price = parseUsdPrice(value);
    if (price === undefined || symbol !== symbol.toUpperCase() || symbol === 'WETH') {
      throw new Error(`staticPrices.json: bad entry ${symbol}`);
    }
    return [symbol, { price, source: 'static', asOf: null }];
  }),
);
