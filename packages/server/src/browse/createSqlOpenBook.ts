import type { OrderbookRecordsResponse } from '@relayer/protocol';
import type { Queryable } from '../db/Database.js';
import type { BookEvents } from '../events/BookEvents.js';
import { findSraOrders } from '../orders/findSraOrders.js';
import { countOrders, listOrders } from '../orders/listOrders.js';
import { countOrderbook, queryOrderbook, queryPairOrders } from '../orders/queryOrderbook.js';
import { toSraOrder } from '../orders/toSraOrder.js';
import type { OpenBook } from './OpenBook.js';

export interface SqlOpenBookOptions {
  db: Queryable;
  network: string;
  /** Whose events and resyncs make the book's change signal. */
  events: BookEvents;
  /**
   * Keeps a count of a page's matches under `key` (the page cache's memo): the total is the costly part
   * of a page, and many pages share one. Without it every page counts again.
   */
  memo?: (key: string, compute: () => Promise<number>) => Promise<number>;
}

/**
 * The open book read from the database: every answer is a query, written as `JSON.stringify` writes
 * it. The reference the in-memory book is compared with, the history of `GET /order` (states other
 * than open, derived sorts), and the whole book of an app without the read model.
 */
export function createSqlOpenBook(options: SqlOpenBookOptions): OpenBook {
  const { db, network, events, memo } = options;
  const count = (where: string, params: unknown[], limit?: number) => {
    const counted = () => countOrders(db, where, params, limit);
    return memo ? memo(`count:${where}:${JSON.stringify(params)}:${limit ?? ''}`, counted) : counted();
  };
  return {
    orders(query, inputs) {
      return async () =>
        JSON.stringify(
          await listOrders(db, network, query, { count, ...(inputs ? { sortInputs: inputs } : {}) }),
        );
    },
    sraOrders(filters, page, perPage) {
      return async () => {
        const found = await findSraOrders(db, network, filters, page, perPage);
        return { body: JSON.stringify(found.orders.map(toSraOrder)), total: found.total };
      };
    },
    market({ base, quote, page, perPage, records }) {
      return async () => {
        const [sides, counts] = await Promise.all([
          queryOrderbook(db, network, base, quote, perPage, (page - 1) * perPage),
          countOrderbook(db, network, base, quote),
        ]);
        const total = Math.max(counts.bids, counts.asks);
        if (records) {
          const answer: OrderbookRecordsResponse = { ...sides, total: counts, page, perPage };
          return { body: JSON.stringify(answer), total };
        }
        const body = JSON.stringify({ bids: sides.bids.map(toSraOrder), asks: sides.asks.map(toSraOrder) });
        return { body, total };
      };
    },
    pairOrders({ makerToken, takerToken, limit }) {
      return () => queryPairOrders(db, network, makerToken, takerToken, limit);
    },
    bestOffers(base, quote) {
      return async () => {
        const { bids, asks } = await queryOrderbook(db, network, base, quote, 1);
        const amounts = (order: (typeof bids)[number] | undefined) =>
          order
            ? { makerTokenAmount: order.makerTokenAmount, takerTokenAmount: order.takerTokenAmount }
            : null;
        return { bid: amounts(bids[0]), ask: amounts(asks[0]) };
      };
    },
    onChange(listener) {
      // Early: an order this instance accepted changes the next page it serves, before NOTIFY echoes it.
      const unsubscribe = events.subscribe((event) => event.network === network && listener(), {
        early: true,
      });
      const unsubscribeResync = events.onResync(listener);
      return () => {
        unsubscribe();
        unsubscribeResync();
      };
    },
  };
}
