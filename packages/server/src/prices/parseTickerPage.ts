import { parseUsdPrice } from './parseUsdPrice.js';

// Ticker symbols are short upper-case codes; a few carry a marker character (e.g. a trailing '*').
const SYMBOL = /^[A-Z0-9$*@._-]{1,20}$/;

/**
 * Reads one page of the old public ticker format (`[{symbol, price_usd, ...}, ...]`) into
 * symbol -> USD price. Anything else in the answer is ignored entry by entry: the feed is third-party
 * data and one bad row must not cost the other 99. Returns undefined when the answer is not an array.
 * Within a page the first (best-ranked) entry of a symbol wins, as the feed lists by rank.
 */
export function parseTickerPage(body: unknown): Map<string, string> | undefined {
  if (!Array.isArray(body)) return undefined;
  const prices = new Map<string, string>();
  for (const entry of body) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { symbol, price_usd: priceUsd } = entry as { symbol?: unknown; price_usd?: unknown };
    if (typeof symbol !== 'string') continue;
    const key = symbol.trim().toUpperCase();
    if (!SYMBOL.test(key) || prices.has(key)) continue;
    const price = parseUsdPrice(priceUsd);
    if (price !== undefined) prices.set(key, price);
  }
  return prices;
}
