import { readFileSync } from 'node:fs';
import { parseUsdPrice } from './parseUsdPrice.js';
import { withEthAlias } from './withEthAlias.js';

/**
 * The embedded fallback prices (`staticPrices.json`): illustrative USD values so the app shows prices
 * offline and in development. Checked at load so a bad edit fails at start-up, not in a client.
 */
export const staticRates: Readonly<Record<string, string>> = withEthAlias(
  Object.fromEntries(
    Object.entries(
      JSON.parse(readFileSync(new URL('./staticPrices.json', import.meta.url), 'utf8')) as Record<
        string,
        unknown
      >,
    ).map(([symbol, value]) => {
      const price = parseUsdPrice(value);
      if (price === undefined || symbol !== symbol.toUpperCase()) {
        throw new Error(`staticPrices.json: bad entry ${symbol}`);
      }
      return [symbol, price];
    }),
  ),
);
