import { parsePrice, type RatesResponse } from '@relayer/protocol';
import { z } from 'zod';

const tickerEntrySchema = z.object({
  symbol: z.string(),
  price_usd: z.union([z.string(), z.number()]).nullable(),
});
const tickerPageSchema = z.array(z.unknown());

/** SPEC §7: five pages of 100 at offsets 0-400. */
export const TICKER_OFFSETS = [0, 100, 200, 300, 400] as const;

/**
 * Reads a ticker of the SPEC §7 shape (`[{symbol, price_usd}]`) directly, for deployments that configure
 * `tickerUrl` instead of using the relayer's /rates. The first entry for a symbol wins (best rank).
 */
export async function fetchTickerRates(
  tickerUrl: string,
  fetchFn: typeof fetch = fetch,
): Promise<RatesResponse> {
  const pages = await Promise.all(
    TICKER_OFFSETS.map(async (start) => {
      const url = new URL(tickerUrl);
      url.searchParams.set('start', String(start));
      url.searchParams.set('limit', '100');
      const response = await fetchFn(url);
      if (!response.ok) throw new Error(`ticker answered HTTP ${response.status}`);
      return tickerPageSchema.parse(await response.json());
    }),
  );
  const rates: Record<string, string> = {};
  for (const item of pages.flat()) {
    const entry = tickerEntrySchema.safeParse(item);
    if (!entry.success || entry.data.price_usd === null) continue;
    const symbol = entry.data.symbol.trim().toUpperCase();
    const price = parsePrice(String(entry.data.price_usd));
    if (price !== undefined && !Object.hasOwn(rates, symbol)) rates[symbol] = price;
  }
  return { currency: 'USD', rates, source: 'ticker', updatedAt: new Date().toISOString(), stale: false };
}
