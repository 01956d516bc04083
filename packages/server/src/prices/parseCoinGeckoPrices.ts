import type { PriceQuote } from './PriceSource.js';
import { parseUsdPrice } from './parseUsdPrice.js';
import { quoteTime } from './quoteTime.js';

/**
 * Reads a CoinGecko-style `/simple/price` or `/simple/token_price` answer (`{key: {usd, last_updated_at}}`,
 * parsed with `parseJsonExact` so prices keep every digit) into key -> quote, for the keys asked for
 * only (coin ids, or lower-case contract addresses). A key the answer leaves out, or prices as null or
 * nonsense, is simply absent. Returns undefined when the answer is not a JSON object.
 */
export function parseCoinGeckoPrices(
  body: unknown,
  wanted: ReadonlySet<string>,
  fetchedAt: number,
): Map<string, PriceQuote> | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const prices = new Map<string, PriceQuote>();
  for (const [rawKey, entry] of Object.entries(body)) {
    const key = rawKey.toLowerCase();
    if (!wanted.has(key) || prices.has(key) || typeof entry !== 'object' || entry === null) continue;
    const { usd, last_updated_at: lastUpdatedAt } = entry as { usd?: unknown; last_updated_at?: unknown };
    const price = parseUsdPrice(usd);
    if (price !== undefined)
      prices.set(key, { price, source: 'coingecko', asOf: quoteTime(lastUpdatedAt, fetchedAt) });
  }
  return prices;
}
