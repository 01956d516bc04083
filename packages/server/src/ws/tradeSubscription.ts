import type { TradeRecord } from '@relayer/protocol';

/** What a `trades` subscription asked for (every filter given must hold). */
export interface TradeFilter {
  baseTokenAddress?: string | undefined;
  quoteTokenAddress?: string | undefined;
  trader?: string | undefined;
}

/** A market's key, the same whichever token is the base. */
const pairKey = (a: string, b: string) => (a < b ? `t:p:${a}:${b}` : `t:p:${b}:${a}`);

/**
 * The hub index key of a `trades` subscription: its most selective filter (a trader's trades are fewer
 * than a market's), so an event visits only subscriptions that may want it; the rest of the filter is
 * checked by `tradeMatches`.
 */
export function tradeSubscriptionKey(filter: TradeFilter): string {
  if (filter.trader) return `t:a:${filter.trader}`;
  if (filter.baseTokenAddress && filter.quoteTokenAddress)
    return pairKey(filter.baseTokenAddress, filter.quoteTokenAddress);
  return 't:*';
}

/** The index keys under which subscriptions wanting `trade` may be. */
export function tradeEventKeys(trade: TradeRecord): string[] {
  const keys = ['t:*', pairKey(trade.makerTokenAddress, trade.takerTokenAddress), `t:a:${trade.maker}`];
  if (trade.taker !== trade.maker) keys.push(`t:a:${trade.taker}`);
  return keys;
}

export function tradeMatches(filter: TradeFilter, trade: TradeRecord): boolean {
  if (filter.trader && trade.maker !== filter.trader && trade.taker !== filter.trader) return false;
  const { baseTokenAddress: base, quoteTokenAddress: quote } = filter;
  if (base && quote) {
    const tokens = [trade.makerTokenAddress, trade.takerTokenAddress];
    if (!(tokens.includes(base as never) && tokens.includes(quote as never)) || base === quote) return false;
  }
  return true;
}
