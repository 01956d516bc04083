import type { Address, TradeQuery, TradeRecord } from '@relayer/protocol';

/** Which trades a list shows: one market (either direction), one account (maker or taker), one order. */
export interface TradeFilter {
  baseTokenAddress?: Address;
  quoteTokenAddress?: Address;
  trader?: Address;
  orderHash?: string;
}

/** `GET /trades` query of a filter. */
export function tradeQuery(filter: TradeFilter, perPage: number): Partial<TradeQuery> {
  const query: Partial<TradeQuery> = { per_page: perPage };
  if (filter.orderHash) query.orderHash = filter.orderHash as TradeQuery['orderHash'];
  if (filter.trader) query.trader = filter.trader;
  if (filter.baseTokenAddress && filter.quoteTokenAddress) {
    query.baseTokenAddress = filter.baseTokenAddress;
    query.quoteTokenAddress = filter.quoteTokenAddress;
  }
  return query;
}

/**
 * The `trades` channel's subscription for a filter: it filters by market and trader only, so an
 * order's fills subscribe to the order's market and are picked out by `tradeMatches`.
 */
export function tradeSubscription(filter: TradeFilter): {
  baseTokenAddress?: Address;
  quoteTokenAddress?: Address;
  trader?: Address;
} {
  const { orderHash: _hash, ...payload } = filter;
  if (!payload.baseTokenAddress || !payload.quoteTokenAddress) {
    delete payload.baseTokenAddress;
    delete payload.quoteTokenAddress;
  }
  return payload;
}

/** Whether a trade belongs to the list (every filter given must hold, as the relayer's query has it). */
export function tradeMatches(trade: TradeRecord, filter: TradeFilter): boolean {
  if (filter.orderHash && trade.orderHash !== filter.orderHash.toLowerCase()) return false;
  if (filter.trader && trade.maker !== filter.trader && trade.taker !== filter.trader) return false;
  if (filter.baseTokenAddress && filter.quoteTokenAddress) {
    const pair = [filter.baseTokenAddress, filter.quoteTokenAddress];
    if (!pair.includes(trade.makerTokenAddress) || !pair.includes(trade.takerTokenAddress)) return false;
  }
  return true;
}

/** A trade's identity on every chain: its block's hash and the log's index in it. */
export function tradeKey(trade: Pick<TradeRecord, 'blockHash' | 'logIndex'>): string {
  return `${trade.blockHash}:${trade.logIndex}`;
}
