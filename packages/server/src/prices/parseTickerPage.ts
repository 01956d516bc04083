import type { PriceQuote } from './PriceSource.js';
import { parseUsdPrice } from './parseUsdPrice.js';
import { quoteTime } from './quoteTime.js';

// Ticker symbols are short upper-case codes; a few carry a marker character (e.g. a trailing '*').
const SYMBOL = /^[A-Z0-9$*@._-]{1,20}$/;

/**
 * Reads one page of the old public ticker format (`[{symbol, price_usd, last_updated, ...}, ...]`) into
 * upper-case symbol -> quote; `last_updated` (unix seconds) is the price's time when present. Anything
 * else in the answer is ignored entry by entry: the feed is third-party data and one bad row must not
 * cost the other 99. Returns undefined when the answer is not an array. Within a page the first
 * (best-ranked) entry of a symbol wins, as the feed lists by rank.
 */
export function parseTickerPage(body: unknown, fetchedAt: number): Map<string, PriceQuote> | undefined {
  if (!Array.isArray(body)) return undefined;
  const prices = new Map<string, PriceQuote>();
  for (const entry of body) {
    if (typeof entry !== 'object' || entry === null) continue;
    const {
      symbol,
      price_usd: priceUsd,
      last_updated: lastUpdated,
    } = entry as { symbol?: unknown; price_usd?: unknown; last_updated?: unknown };
    if (typeof symbol !== 'string') continue;
    const key = symbol.trim().toUpperCase();
    if (!SYMBOL.test(key) || prices.has(key)) continue;
    const price = parseUsdPrice(priceUsd);
    if (price !== undefined)
      prices.set(key, { price, source: 'ticker', asOf: quoteTime(lastUpdated, fetchedAt) });
  }
  return prices;
}
