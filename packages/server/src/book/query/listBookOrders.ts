import type { OrderQuery } from '@relayer/protocol';
import { decodeCursor } from '../../orders/orderCursor.js';
import { type CursorPage, pageWithCursors } from '../../orders/pageWithCursors.js';
import { joinOrders, orderRecordJson } from '../json/bookOrderJson.js';
import type { BookOrder } from '../model/BookOrder.js';
import type { NetworkBook } from '../model/NetworkBook.js';
import { SORT_ORDERINGS, type StoredSortField, storedSortFields } from '../sort/bookOrderings.js';
import { orderView } from './bookViews.js';

/** A page of the open book as `GET /order` answers it, its orders still BookOrders. */
export type BookPage = Omit<CursorPage<BookOrder>, 'rows'> & { total: number; orders: BookOrder[] };

/**
 * One page of `GET /order` with `state=open`, from the read model: the same orders, total, page number
 * and cursors (in the same format) as `listOrders` reads from the database. A cursor seeks its
 * boundary (O(log n) at any depth); a page number reads from its position (O(log n) too, where the
 * database pays the offset).
 */
export function listBookOrders(book: NetworkBook, query: OrderQuery & { sort: StoredSortField }): BookPage {
  const ordering = SORT_ORDERINGS[query.sort];
  const view = orderView(book, query, query.sort);
  const cursor = query.cursor ? decodeCursor(query.cursor, query.sort, query.direction) : undefined;
  const perPage = query.per_page;
  const backwards = cursor?.side === 'before';
  // Reading backwards (the previous page) walks the order the other way, then restores it.
  const ascending = (query.direction === 'asc') !== backwards;
  const step = ascending ? 1 : -1;
  const page = cursor ? cursor.page : query.page;
  let rows: BookOrder[];
  if (cursor) {
    rows = view.sliceFrom(ordering.probe(cursor.key, Number(cursor.created), cursor.hash), step, perPage + 1);
  } else {
    const offset = (page - 1) * perPage;
    rows = view.slice(ascending ? offset : view.size - 1 - offset, step, perPage + 1);
  }
  const read = { page, perPage, backwards, sort: query.sort, direction: query.direction };
  const found = pageWithCursors(rows, rows.length > perPage, read, CURSOR_KEYS[query.sort]);
  return {
    total: view.size,
    page: found.page,
    perPage: found.perPage,
    sort: found.sort,
    direction: found.direction,
    nextCursor: found.nextCursor,
    prevCursor: found.prevCursor,
    orders: found.rows,
  };
}

/** Each stored sort's cursor key, receive time and hash of an order (made once, not per page). */
const CURSOR_KEYS = Object.fromEntries(
  storedSortFields.map((sort) => {
    const { keyText } = SORT_ORDERINGS[sort];
    return [
      sort,
      (order: BookOrder) => ({ key: keyText(order), created: order.createdAtText, hash: order.hash }),
    ];
  }),
) as Record<StoredSortField, (order: BookOrder) => { key: string; created: string; hash: string }>;

/** `JSON.stringify` of the page as an OrderListResponse, written directly (see orderRecordJson). */
export function bookPageJson(page: BookPage): string {
  return (
    `{"total":${page.total},"page":${page.page},"perPage":${page.perPage},"sort":"${page.sort}",` +
    `"direction":"${page.direction}","nextCursor":${cursorJson(page.nextCursor)},` +
    `"prevCursor":${cursorJson(page.prevCursor)},"orders":[${joinOrders(page.orders, orderRecordJson)}]}`
  );
}

const cursorJson = (value: string | null): string => (value === null ? 'null' : `"${value}"`);
