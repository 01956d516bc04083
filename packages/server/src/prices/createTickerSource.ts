import { errorText } from './errorText.js';
import { fetchJsonText } from './fetchJsonText.js';
import type { HttpSourceOptions, PriceBatch, PriceQuote, PriceSource } from './PriceSource.js';
import { parseTickerPage } from './parseTickerPage.js';

/** SPEC §7/§9: five pages of 100 at these offsets. */
export const TICKER_OFFSETS = [0, 100, 200, 300, 400] as const;
const PAGE_SIZE = 100;

/**
 * SPEC §7's ticker: `GET url?start=N&limit=100` for N in 0..400, `[{symbol, price_usd}]` by rank. It
 * prices market symbols only, never a contract. Pages are fetched together; offsets are in rank order,
 * so an earlier page's symbol beats a later namesake.
 */
export function createTickerSource(options: HttpSourceOptions): PriceSource {
  const { url, timeoutMs, headers, fetch: fetchFn, now } = options;
  return {
    name: 'ticker',
    contractChains: new Set(),
    async fetchPrices(_contracts, signal): Promise<PriceBatch> {
      const pages = await Promise.allSettled(
        TICKER_OFFSETS.map(async (offset) => {
          const text = await fetchJsonText(fetchFn, pageUrl(url, offset), { timeoutMs, signal, headers });
          return parseTickerPage(JSON.parse(text), now());
        }),
      );
      const symbols = new Map<string, PriceQuote>();
      const failures: PriceBatch['failures'] = [];
      pages.forEach((page, i) => {
        const request = `ticker start=${TICKER_OFFSETS[i]}`;
        if (page.status === 'rejected') failures.push({ request, reason: errorText(page.reason) });
        else if (!page.value) failures.push({ request, reason: 'not a JSON array' });
        else for (const [symbol, quote] of page.value) if (!symbols.has(symbol)) symbols.set(symbol, quote);
      });
      return { symbols, contracts: new Map(), failures };
    },
  };
}

function pageUrl(source: string, offset: number): string {
  const url = new URL(source);
  url.searchParams.set('start', String(offset));
  url.searchParams.set('limit', String(PAGE_SIZE));
  return url.toString();
}
