import type { OrderQuery } from '@relayer/protocol';
import { orderRecordsJson, pageBytes } from '../book/json/bookOrderJson.js';
import type { NetworkBook } from '../book/model/NetworkBook.js';
import { listBookOrders } from '../book/query/listBookOrders.js';
import type { ReadModel } from '../book/sync/createReadModel.js';
import type { BookAnswer } from '../browse/OpenBook.js';
import type { Queryable } from '../db/Database.js';
import { listOrders } from '../orders/listOrders.js';

/** One page of a `stream` snapshot: the orders as a JSON array, and where the next page starts (null: last). */
export interface StreamPage {
  orders: string | Buffer;
  next: string | null;
}

/**
 * Reads the open book a page at a time, oldest received first, by keyset cursor: an order open all along
 * is on exactly one page however the book changes between pages (what changed meanwhile is in the
 * stream after the snapshot's sequence).
 */
export type StreamPages = (cursor: string | undefined, perPage: number) => BookAnswer<StreamPage>;

function pageQuery(cursor: string | undefined, perPage: number): OrderQuery & { sort: 'createdAt' } {
  return {
    page: 1,
    per_page: perPage,
    sort: 'createdAt',
    direction: 'asc',
    state: ['open'],
    verified: 'all',
    ...(cursor === undefined ? {} : { cursor }),
  };
}

/** Pages from the in-memory read model (production). */
export function bookStreamPages(model: Pick<ReadModel, 'book' | 'bookNow'>, network: string): StreamPages {
  const page = (book: NetworkBook, cursor: string | undefined, perPage: number): StreamPage => {
    const found = listBookOrders(book, pageQuery(cursor, perPage));
    return { orders: pageBytes(orderRecordsJson(found.orders), book.texts), next: found.nextCursor };
  };
  return (cursor, perPage) => {
    const current = model.bookNow(network);
    if (current) return page(current, cursor, perPage);
    return async () => page(await model.book(network), cursor, perPage);
  };
}

/** Pages from the database (an app without the read model). */
export function sqlStreamPages(db: Queryable, network: string): StreamPages {
  return (cursor, perPage) => async () => {
    const found = await listOrders(db, network, pageQuery(cursor, perPage));
    return { orders: JSON.stringify(found.orders), next: found.nextCursor };
  };
}
