import type { OrderQuery } from '@relayer/protocol';
import { type OrderCursor, writeCursor } from './orderCursor.js';

/** Where a page read stands: what `GET /order` asked, and which way the rows were read. */
export interface PageRead {
  page: number;
  perPage: number;
  /** Read backwards (the previous page): the rows come in reverse and are restored here. */
  backwards: boolean;
  sort: OrderQuery['sort'];
  direction: OrderQuery['direction'];
}

/** A page's number, sort and cursors to its neighbours as `GET /order` answers them, and its rows in display order. */
export interface CursorPage<T> {
  page: number;
  perPage: number;
  sort: OrderQuery['sort'];
  direction: OrderQuery['direction'];
  nextCursor: string | null;
  prevCursor: string | null;
  rows: T[];
}

/**
 * A keyset page from the up to `perPage + 1` rows read past a boundary, the same for the read model
 * (`listBookOrders`) and the database (`listOrders`), so both hand out the same page numbers and cursors.
 * `more` says whether rows follow beyond the page in the direction read; `keyOf` gives a row's sort key
 * text, receive time and hash for its cursor.
 */
export function pageWithCursors<T>(
  rows: T[],
  more: boolean,
  read: PageRead,
  keyOf: (row: T) => Pick<OrderCursor, 'key' | 'created' | 'hash'>,
): CursorPage<T> {
  const { page, perPage, backwards } = read;
  const pageRows = rows.slice(0, perPage);
  if (backwards) pageRows.reverse();
  const first = pageRows[0];
  const last = pageRows[pageRows.length - 1];
  // Going back, "more" means there are earlier pages; without it we reached the first page whatever the cursor said.
  const currentPage = backwards && !more ? 1 : page;
  const hasNext = backwards ? last !== undefined : more;
  const hasPrev = backwards ? more : currentPage > 1 && first !== undefined;
  const { sort, direction } = read;
  let nextCursor: string | null = null;
  if (hasNext && last) {
    const { key, created, hash } = keyOf(last);
    nextCursor = writeCursor(key, created, hash, currentPage + 1, 'after', sort, direction);
  }
  let prevCursor: string | null = null;
  if (hasPrev && first) {
    const { key, created, hash } = keyOf(first);
    prevCursor = writeCursor(key, created, hash, Math.max(1, currentPage - 1), 'before', sort, direction);
  }
  return { page: currentPage, perPage, sort, direction, nextCursor, prevCursor, rows: pageRows };
}
