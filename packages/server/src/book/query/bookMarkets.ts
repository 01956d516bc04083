import type { OrderRecord } from '@relayer/protocol';
import type { SraOrderFilters } from '../../orders/findSraOrders.js';
import { ORDERBOOK_DEFAULT_LIMIT, ORDERBOOK_MAX_LIMIT } from '../../orders/queryOrderbook.js';
import { toOrderRecord } from '../json/bookOrderJson.js';
import type { BookOrder } from '../model/BookOrder.js';
import type { NetworkBook } from '../model/NetworkBook.js';
import { marketSides, sraView } from './bookViews.js';

/** One page of `GET /v0/orders` from the read model (what `findSraOrders` reads from the database). */
export function bookSraOrders(
  book: NetworkBook,
  filters: SraOrderFilters,
  page: number,
  perPage: number,
): { orders: BookOrder[]; total: number } {
  const view = sraView(book, filters);
  return { orders: view.slice((page - 1) * perPage, 1, perPage), total: view.size };
}

/**
 * One page of each side of a market from the read model (what `queryOrderbook` and `countOrderbook`
 * read from the database): `limit` orders per side (default 100, at most 1000) after `offset`.
 */
export function bookMarket(
  book: NetworkBook,
  base: string,
  quote: string,
  limit: number = ORDERBOOK_DEFAULT_LIMIT,
  offset = 0,
): { bids: BookOrder[]; asks: BookOrder[]; counts: { bids: number; asks: number } } {
  const size = Math.max(0, Math.min(Math.floor(limit), ORDERBOOK_MAX_LIMIT));
  const skip = Math.max(0, Math.floor(offset));
  const { bids, asks } = marketSides(book, base, quote);
  return {
    bids: bids.slice(skip, 1, size),
    asks: asks.slice(skip, 1, size),
    counts: { bids: bids.size, asks: asks.size },
  };
}

/**
 * The open orders selling `makerToken` for `takerToken`, best for a taker first (what `queryPairOrders`
 * reads from the database): the ask side of the market whose base is `makerToken`, at most `limit`.
 */
export function bookPairOrders(
  book: NetworkBook,
  makerToken: string,
  takerToken: string,
  limit: number,
): BookOrder[] {
  const size = Math.max(0, Math.min(Math.floor(limit), ORDERBOOK_MAX_LIMIT));
  return book.pair(makerToken, takerToken)?.bookIndex().slice(0, 1, size) ?? [];
}

/** `queryOrderbook`'s answer from the read model, as records (the WebSocket snapshots). */
export function bookMarketRecords(
  book: NetworkBook,
  base: string,
  quote: string,
  limit?: number,
): { bids: OrderRecord[]; asks: OrderRecord[] } {
  const { bids, asks } = bookMarket(book, base, quote, limit);
  return { bids: bids.map(toOrderRecord), asks: asks.map(toOrderRecord) };
}
