import type { TradeListResponse, TradeRecord } from '@relayer/protocol';
import type { InfiniteData } from '@tanstack/react-query';
import { type TradeFilter, tradeKey, tradeMatches } from './tradeFilter';

export type TradePages = InfiniteData<TradeListResponse, string | undefined>;

const newestFirst = (a: TradeRecord, b: TradeRecord) =>
  b.blockNumber - a.blockNumber || b.logIndex - a.logIndex;

/**
 * A live `trade` joins the first page in its place (newest first) unless the list already holds it
 * (the history read after subscribing may have it too); a `tradeRemoved` (its block was re-orged away)
 * leaves every page. Returns the same object when nothing changed.
 */
export function applyTradeMessage(
  data: TradePages,
  message: { type: 'trade' | 'tradeRemoved'; payload: TradeRecord },
  filter: TradeFilter,
): TradePages {
  const key = tradeKey(message.payload);
  const holds = data.pages.some((page) => page.trades.some((trade) => tradeKey(trade) === key));
  if (message.type === 'tradeRemoved') {
    if (!holds) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        trades: page.trades.filter((trade) => tradeKey(trade) !== key),
      })),
    };
  }
  if (holds || !tradeMatches(message.payload, filter)) return data;
  const [first, ...rest] = data.pages;
  const firstPage = first ?? { trades: [], nextCursor: null };
  return {
    ...data,
    pages: [{ ...firstPage, trades: [...firstPage.trades, message.payload].sort(newestFirst) }, ...rest],
  };
}
