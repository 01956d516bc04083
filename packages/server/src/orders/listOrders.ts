import { type OrderListResponse, type OrderQuery, RelayerError } from '@relayer/protocol';
import type { Queryable } from '../db/Database.js';
import { decodeCursor, SORT_KEY_TYPE } from './orderCursor.js';
import { orderFilters } from './orderFilters.js';
import { isDerivedSort, orderSortKey, type SortInputs } from './orderSortKey.js';
import { pageWithCursors } from './pageWithCursors.js';
import { ORDER_COLUMNS, type OrderRow, rowToOrderRecord } from './rowToOrderRecord.js';

type KeyedRow = OrderRow & { sort_key: string | number };

/**
 * A history page (any state but open) counts at most this many matching orders: the history grows
 * without end, and counting it all would cost every such request time proportional to it. A larger
 * total is reported as this number with `totalCapped: true`, and pages past it are reached by cursor.
 */
export const HISTORY_COUNT_LIMIT = 10_000;

export interface ListOrdersOptions {
  /**
   * Counts the matching orders, stopping at `limit` when given; callers pass a cached counter (`total`
   * is the expensive part of a page).
   */
  count?: (where: string, params: unknown[], limit?: number) => Promise<number>;
  /** Decimals and USD prices by token address for the derived sorts; without them every order counts as unpriced. */
  sortInputs?: SortInputs;
}

/**
 * One page of `GET /order`: filters, sorting on any sortable column (ties broken by receive time, then
 * hash: a ground salt cannot jump the queue at a key), the total, and
 * keyset cursors to the neighbouring pages. With a `cursor` the page is found by seeking the index to
 * the boundary row (constant cost at any depth); a bare `page` uses OFFSET, which the cursors make
 * unnecessary for sequential paging.
 */
export async function listOrders(
  db: Queryable,
  network: string,
  query: OrderQuery,
  options: ListOrdersOptions = {},
): Promise<OrderListResponse> {
  const type = SORT_KEY_TYPE[query.sort];
  // Only the open book is counted in full; any history state in the filter makes it a history page.
  const openOnly = query.state.length === 1 && query.state[0] === 'open';
  // A derived key has no index: sorting the endless history by one would read all of it.
  if (!openOnly && isDerivedSort(query.sort)) {
    throw new RelayerError('UNSUPPORTED_OPTION', 'sorts the open book only (state=open)', 'sort');
  }
  const filter = orderFilters(network, query);
  const cursor = query.cursor ? decodeCursor(query.cursor, query.sort, query.direction) : undefined;
  const perPage = query.per_page;
  const params = [...filter.params];
  const bind = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const column = orderSortKey(query.sort, query.direction, bind, options.sortInputs);
  // The received-time sort is its own tie-break; every other key is followed by it.
  const ties = query.sort === 'createdAt' ? ['hash'] : ['created_at', 'hash'];
  // Walking backwards (previous page) reads the index in the opposite direction, then restores the order.
  const backwards = cursor?.side === 'before';
  const ascending = (query.direction === 'asc') !== backwards;
  let where = filter.where;
  if (cursor) {
    const bounds = [`${bind(cursor.key)}::${type}`];
    if (ties.length === 2) bounds.push(`${bind(cursor.created)}::bigint`);
    bounds.push(`${bind(cursor.hash)}::text`);
    where += ` AND (${column}, ${ties.join(', ')}) ${ascending ? '>' : '<'} (${bounds.join(', ')})`;
  }
  const page = cursor ? cursor.page : query.page;
  const countLimit = openOnly ? undefined : HISTORY_COUNT_LIMIT + 1;
  if (countLimit !== undefined && !cursor && (page - 1) * perPage >= HISTORY_COUNT_LIMIT) {
    throw new RelayerError(
      'VALUE_OUT_OF_RANGE',
      `History pages by number stop at ${HISTORY_COUNT_LIMIT} orders: follow nextCursor to go deeper`,
      'page',
    );
  }
  const counted = await (options.count
    ? options.count(filter.where, filter.params, countLimit)
    : countOrders(db, filter.where, filter.params, countLimit));
  const capped = counted > HISTORY_COUNT_LIMIT && countLimit !== undefined;
  const total = capped ? HISTORY_COUNT_LIMIT : counted;
  const window =
    cursor || page === 1
      ? undefined
      : offsetWindow(capped ? undefined : total, (page - 1) * perPage, perPage);
  // A deep OFFSET page is read from whichever end is nearer, through the index alone; then its rows.
  const reversed = window?.reversed ?? false;
  const scanAscending = ascending !== reversed;
  const order = scanAscending ? 'ASC' : 'DESC';
  const limit = window ? window.limit : perPage + 1;
  const sortedSql = `ORDER BY ${[column, ...ties].map((key) => `${key} ${order}`).join(', ')}`;
  const sql = window
    ? `SELECT ${ORDER_COLUMNS}, ${column} AS sort_key FROM orders WHERE network = $1 AND hash IN (
         SELECT hash FROM orders WHERE ${where} ${sortedSql} LIMIT ${bind(limit)} OFFSET ${bind(window.offset)}
       ) ${sortedSql}`
    : `SELECT ${ORDER_COLUMNS}, ${column} AS sort_key FROM orders WHERE ${where} ${sortedSql} LIMIT ${bind(limit)}`;
  const rows = await db.query<KeyedRow>(sql, params);
  if (reversed) rows.reverse();
  const more = window?.reversed ? page * perPage < total : rows.length > perPage;
  const read = { page, perPage, backwards, sort: query.sort, direction: query.direction };
  const { rows: found, ...position } = pageWithCursors(rows, more, read, (row) => ({
    key: String(row.sort_key),
    created: String(row.created_at),
    hash: row.hash,
  }));
  return {
    total,
    ...(capped ? { totalCapped: true } : {}),
    ...position,
    orders: found.map(rowToOrderRecord),
  };
}

/**
 * Where an OFFSET page lies when read from the nearer end: rows [offset, offset + perPage) of `total`
 * are rows [total - offset - perPage, total - offset) counted from the other end. Without an exact
 * total (a capped history count) the page is read from the front, one row more to tell if more follow.
 */
function offsetWindow(total: number | undefined, offset: number, perPage: number) {
  const front = { reversed: false, offset, limit: perPage + 1 };
  if (total === undefined) return front;
  const wanted = Math.max(0, Math.min(perPage, total - offset));
  if (offset <= total / 2 || wanted === 0) return front;
  return { reversed: true, offset: Math.max(0, total - offset - perPage), limit: wanted };
}

/** How many orders match `where`; with `limit`, counting stops there (the answer is then at most `limit`). */
export async function countOrders(
  db: Queryable,
  where: string,
  params: unknown[],
  limit?: number,
): Promise<number> {
  const rows = await db.query<{ total: number | string }>(
    limit === undefined
      ? `SELECT count(*) AS total FROM orders WHERE ${where}`
      : `SELECT count(*) AS total FROM (SELECT 1 FROM orders WHERE ${where} LIMIT $${params.length + 1}) AS bounded`,
    limit === undefined ? params : [...params, limit],
  );
  return Number(rows[0]?.total ?? 0);
}
