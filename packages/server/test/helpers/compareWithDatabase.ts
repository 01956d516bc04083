import { type OrderQuery, orderQuerySchema } from '@relayer/protocol';
import { expect } from 'vitest';
import { orderRecordsJson, signedOrdersJson } from '../../src/book/json/bookOrderJson.js';
import type { NetworkBook } from '../../src/book/model/NetworkBook.js';
import { bookMarket, bookSraOrders } from '../../src/book/query/bookMarkets.js';
import { bookPageJson, listBookOrders } from '../../src/book/query/listBookOrders.js';
import { type StoredSortField, storedSortFields } from '../../src/book/sort/bookOrderings.js';
import type { Queryable } from '../../src/db/Database.js';
import { findSraOrders, type SraOrderFilters } from '../../src/orders/findSraOrders.js';
import { listOrders } from '../../src/orders/listOrders.js';
import type { OrderFilterQuery } from '../../src/orders/orderFilters.js';
import { countOrderbook, queryOrderbook } from '../../src/orders/queryOrderbook.js';
import { toSraOrder } from '../../src/orders/toSraOrder.js';

export type ListFilters = Omit<OrderFilterQuery, 'state'>;

/** Pages the read model and the database path serve must be the same JSON, byte for byte. */
function same(model: string, database: string, what: string): void {
  if (model !== database) expect(model, what).toBe(database);
}

/**
 * Every page of `GET /order` (state=open) for these filters, in every sort and direction: each walked
 * to its end by `nextCursor` and back by `prevCursor`, and some by page number, from both paths.
 * Returns how many pages were compared.
 */
export async function compareOrderPages(
  book: NetworkBook,
  db: Queryable,
  network: string,
  filters: readonly ListFilters[],
  perPage: number,
): Promise<number> {
  let pages = 0;
  for (const filter of filters) {
    for (const sort of storedSortFields) {
      for (const direction of ['asc', 'desc'] as const) {
        const base = { ...orderQuerySchema.parse({ ...filter, sort, direction, per_page: perPage }), sort };
        const page = async (query: OrderQuery & { sort: StoredSortField }) => {
          const what = `GET /order ${JSON.stringify({ ...filter, sort, direction, page: query.page, cursor: query.cursor })}`;
          const model = bookPageJson(listBookOrders(book, query));
          same(model, JSON.stringify(await listOrders(db, network, query)), what);
          pages += 1;
          return JSON.parse(model) as { total: number; nextCursor: string | null; prevCursor: string | null };
        };
        let current = await page(base);
        while (current.nextCursor) current = await page({ ...base, cursor: current.nextCursor });
        for (let back = 0; back < 3 && current.prevCursor; back++) {
          current = await page({ ...base, cursor: current.prevCursor });
        }
        const last = Math.max(1, Math.ceil(current.total / perPage));
        for (const number of new Set([2, last, last + 1])) await page({ ...base, page: number });
      }
    }
  }
  return pages;
}

/** Every page of `GET /v0/orders` for these filters (up to one past the last), from both paths. */
export async function compareSraPages(
  book: NetworkBook,
  db: Queryable,
  network: string,
  filters: readonly SraOrderFilters[],
  perPage: number,
): Promise<number> {
  let pages = 0;
  for (const filter of filters) {
    for (let number = 1; ; number++) {
      const model = bookSraOrders(book, filter, number, perPage);
      const database = await findSraOrders(db, network, filter, number, perPage);
      const what = `GET /v0/orders ${JSON.stringify({ ...filter, page: number })}`;
      expect(model.total, what).toBe(database.total);
      same(signedOrdersJson(model.orders), JSON.stringify(database.orders.map(toSraOrder)), what);
      pages += 1;
      if (model.orders.length === 0) break;
    }
  }
  return pages;
}

/** Both sides of every market of these tokens, page by page, as records, from both paths. */
export async function compareMarkets(
  book: NetworkBook,
  db: Queryable,
  network: string,
  tokens: readonly `0x${string}`[],
  perPage: number,
): Promise<number> {
  let pages = 0;
  for (const base of tokens) {
    for (const quote of tokens) {
      if (base === quote) continue;
      for (let offset = 0; ; offset += perPage) {
        const model = bookMarket(book, base, quote, perPage, offset);
        const [database, counts] = await Promise.all([
          queryOrderbook(db, network, base, quote, perPage, offset),
          countOrderbook(db, network, base, quote),
        ]);
        const what = `GET /v0/orderbook ${JSON.stringify({ base, quote, offset })}`;
        expect(model.counts, what).toEqual(counts);
        same(orderRecordsJson(model.bids), JSON.stringify(database.bids), `${what} bids`);
        same(orderRecordsJson(model.asks), JSON.stringify(database.asks), `${what} asks`);
        pages += 1;
        if (model.bids.length === 0 && model.asks.length === 0) break;
      }
    }
  }
  return pages;
}
