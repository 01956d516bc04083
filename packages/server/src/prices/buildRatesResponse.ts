import {
  type Address,
  findTokenMarket,
  knownCoins,
  marketSymbol,
  priceQuality,
  type RatesResponse,
  type TokenPrice,
  type UsdPrice,
} from '@relayer/protocol';
import { contractKey } from './contractKey.js';
import type { PriceSnapshot } from './createPriceCache.js';
import type { PriceQuote } from './PriceSource.js';

export interface ListedToken {
  address: Address;
  symbol: string;
  verified: boolean;
}

export interface RatesAnswer {
  response: RatesResponse;
  /** Unix ms at which some quality or the staleness flag changes by age alone; null if none will. */
  changesAt: number | null;
}

/**
 * The `/rates` answer for one network. Each listed token is priced by address (`findTokenMarket`): a
 * known contract or a verified token takes its market's price, otherwise only a price the source gave
 * for its contract counts. Every price says its source, time and quality. `tokens` undefined (the
 * list could not be read) serves the coins and every symbol price, and no token prices.
 */
export function buildRatesResponse(
  snapshot: PriceSnapshot,
  chainId: number,
  tokens: readonly ListedToken[] | undefined,
): RatesAnswer {
  const { at, maxAgeMs } = snapshot;
  let changesAt = snapshot.staleAt;
  const describe = (quote: PriceQuote, symbol: string | null): UsdPrice => {
    const quality = priceQuality(quote.source, quote.asOf, at, maxAgeMs);
    if (quality === 'live' && quote.asOf !== null) {
      const turns = quote.asOf + maxAgeMs + 1;
      changesAt = changesAt === null ? turns : Math.min(changesAt, turns);
    }
    return {
      price: quote.price,
      symbol,
      source: quote.source,
      asOf: quote.asOf === null ? null : new Date(quote.asOf).toISOString(),
      quality,
    };
  };

  const coins: Record<string, UsdPrice> = {};
  for (const coin of knownCoins) {
    const quote = snapshot.symbols.get(coin.market);
    if (quote) coins[coin.symbol] = describe(quote, coin.market);
  }

  const priced: Record<Address, TokenPrice> = {};
  const markets = new Set(['ETH']);
  for (const token of tokens ?? []) {
    const rule = findTokenMarket({ chainId, ...token });
    const marketQuote = rule && snapshot.symbols.get(rule.market);
    if (rule && marketQuote) {
      priced[token.address] = { ...describe(marketQuote, rule.market), basis: rule.basis };
      markets.add(rule.market);
      continue;
    }
    const contractQuote = snapshot.contracts.get(contractKey(chainId, token.address));
    if (contractQuote) priced[token.address] = { ...describe(contractQuote, null), basis: 'contract' };
  }

  return {
    response: {
      currency: 'USD',
      rates: deprecatedRates(snapshot.symbols, tokens ? markets : undefined),
      source: snapshot.source === 'static' ? 'static' : 'ticker',
      updatedAt: snapshot.updatedAt,
      stale: snapshot.stale,
      maxAgeMs,
      coins,
      tokens: sortedByKey(priced),
    },
    changesAt,
  };
}

/** The old symbol map: the markets tokens are priced as (all, when the list is unknown), WETH as ETH. */
function deprecatedRates(
  symbols: ReadonlyMap<string, PriceQuote>,
  markets: ReadonlySet<string> | undefined,
): Record<string, string> {
  const rates: Record<string, string> = {};
  const wanted = markets ? [...markets] : [...symbols.keys()];
  for (const symbol of wanted.sort()) {
    const quote = symbols.get(marketSymbol(symbol));
    if (quote) rates[symbol] = quote.price;
  }
  const eth = rates.ETH;
  if (eth !== undefined) rates.WETH = eth;
  return sortedByKey(rates);
}

function sortedByKey<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
