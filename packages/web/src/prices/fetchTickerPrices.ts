import { findTokenMarket, knownCoins, parsePrice, type TokenRecord, type UsdPrice } from '@relayer/protocol';
import { z } from 'zod';
import { DEFAULT_MAX_AGE_MS, type PriceBook } from './PriceBook';

const tickerEntrySchema = z.object({
  symbol: z.string(),
  price_usd: z.union([z.string(), z.number()]).nullable(),
  /** Unix seconds, as the SPEC §7 ticker's entries carry it (optional). */
  last_updated: z.union([z.string(), z.number()]).nullish(),
});
const tickerPageSchema = z.array(z.unknown());

/** SPEC §7: five pages of 100 at offsets 0-400. */
export const TICKER_OFFSETS = [0, 100, 200, 300, 400] as const;

/**
 * Reads a ticker of the SPEC §7 shape (`[{symbol, price_usd, last_updated?}]`) directly, for deployments
 * that configure `tickerUrl` instead of the relayer's /rates, and prices exactly as the relayer would
 * (`findTokenMarket`): a token by its address (a known coin's contract, or a verified token under its
 * registry symbol); a token anyone added gets no price, whatever symbol it claims. The first entry for a
 * symbol wins (best rank); a price without its own time is as old as this read.
 */
export async function fetchTickerPrices(
  tickerUrl: string,
  tokens: readonly TokenRecord[],
  chainId: number,
  fetchFn: typeof fetch = fetch,
  now: () => number = Date.now,
): Promise<PriceBook> {
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
  const fetchedAt = now();
  const markets = new Map<string, UsdPrice>();
  for (const item of pages.flat()) {
    const entry = tickerEntrySchema.safeParse(item);
    if (!entry.success || entry.data.price_usd === null) continue;
    const symbol = entry.data.symbol.trim().toUpperCase();
    const price = parsePrice(String(entry.data.price_usd));
    if (price === undefined || markets.has(symbol)) continue;
    const updated = Number(entry.data.last_updated);
    const asOf = Number.isFinite(updated) && updated > 0 ? updated * 1000 : fetchedAt;
    const quality = fetchedAt - asOf > DEFAULT_MAX_AGE_MS ? 'stale' : 'live';
    markets.set(symbol, { price, symbol, source: 'ticker', asOf: new Date(asOf).toISOString(), quality });
  }
  const coins: Record<string, UsdPrice> = {};
  for (const coin of knownCoins) {
    const quote = markets.get(coin.market);
    if (quote) coins[coin.symbol] = quote;
  }
  const byAddress: Record<string, PriceBook['tokens'][string]> = {};
  for (const token of tokens) {
    const rule = findTokenMarket({ chainId, ...token });
    const quote = rule && markets.get(rule.market);
    if (rule && quote) byAddress[token.address] = { ...quote, basis: rule.basis };
  }
  return { maxAgeMs: DEFAULT_MAX_AGE_MS, tokens: byAddress, coins };
}
