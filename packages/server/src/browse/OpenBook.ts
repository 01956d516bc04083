import type { Address, OrderQuery, OrderRecord } from '@relayer/protocol';
import type { SraOrderFilters } from '../orders/findSraOrders.js';
import type { SortInputs } from '../orders/orderSortKey.js';

/**
 * An answer of the open book: made at once from the book as it is now (no await, so the book cannot
 * change under it), or the work that makes it once the book or the database is ready. Answers are
 * never functions, so `typeof answer === 'function'` tells the two apart without wrapping the first.
 */
export type BookAnswer<T> = T | (() => Promise<T>);

/** A page as sent (JSON text or its UTF-8 bytes) and the count its paging links are made from. */
export interface OpenBookPage {
  body: string | Buffer;
  total: number;
}

/** One page of each side of a market (`GET /v0/orderbook`), SRA v0 SignedOrders or OrderRecords. */
export interface MarketQuery {
  base: Address;
  quote: Address;
  /** 1-indexed, `perPage` orders per side. */
  page: number;
  perPage: number;
  /** OrderRecords with a total per side (the relayer's extension) rather than SignedOrders. */
  records: boolean;
}

/** The open orders of one direction of a pair, best price for a taker first (`GET /quote` walks them). */
export interface PairOrdersQuery {
  makerToken: Address;
  takerToken: Address;
  /** Most orders answered (at most `ORDERBOOK_MAX_LIMIT`). */
  limit: number;
}

/** The signed amounts of an order, which fix its price. */
export type OfferAmounts = Pick<OrderRecord, 'makerTokenAmount' | 'takerTokenAmount'>;

/** A market's best open bid and ask (`GET /v0/orderbook`'s first of each side), null for an empty side. */
export interface BestOffers {
  bid: OfferAmounts | null;
  ask: OfferAmounts | null;
}

/**
 * The one read port of a network's open book. The in-memory book (`createMemoryOpenBook`) serves
 * production; the SQL book (`createSqlOpenBook`) is the reference the agreement tests and the bench
 * compare it with, and serves an app without the read model. Both answer the same bytes to the same
 * query.
 */
export interface OpenBook {
  /** One page of `GET /order` (an OrderListResponse), any state and sort; derived sorts need `inputs`. */
  orders(query: OrderQuery, inputs?: SortInputs): BookAnswer<string | Buffer>;
  /** One page of `GET /v0/orders` (SignedOrders), with the count of every match. */
  sraOrders(filters: SraOrderFilters, page: number, perPage: number): BookAnswer<OpenBookPage>;
  /** One page of `GET /v0/orderbook`, with the larger side's count. */
  market(query: MarketQuery): BookAnswer<OpenBookPage>;
  /** A market's best bid and ask, as the first order of each side of `market` (the tickers' figures). */
  bestOffers(base: Address, quote: Address): BookAnswer<BestOffers>;
  /**
   * The open orders selling `makerToken` for `takerToken`, most maker token per taker token first, ties
   * as the orderbook breaks them (`queryOrderbook`): the asks of the market base `makerToken`.
   */
  pairOrders(query: PairOrdersQuery): BookAnswer<OrderRecord[]>;
  /**
   * The network's one "book changed" signal: called whenever a change to the book (or to the rows its
   * answers read) is heard or applied, and on a resync. Returns the unsubscribe.
   */
  onChange(listener: () => void): () => void;
}
