import type { Address, OrderListResponse, OrderSortField } from '@relayer/protocol';

/** SPEC §9 defaults: sort by makerFee ascending, page 1, 5 rows per page. */
export const DEFAULT_PAGE_SIZE = 5;
export const PAGE_SIZE_OPTIONS = [5, 10, 25, 50, 100] as const;

/**
 * Table columns the relayer sorts by, and its name for each: amounts by their human value (decimals
 * applied), prices by the relayer's USD prices, expiry by time.
 */
export const sortFieldByColumn = {
  marketPrice: 'marketPrice',
  askingPrice: 'askingPrice',
  makerFee: 'makerFee',
  takerFee: 'takerFee',
  makerTokenAmount: 'makerAmount',
  takerTokenAmount: 'takerAmount',
  makerToken: 'makerToken',
  takerToken: 'takerToken',
  expires: 'expirationUnixTimestampSec',
} as const satisfies Record<string, OrderSortField>;

/** Columns whose order comes from prices: the relayer's own, so not sortable when the app reads a ticker itself. */
export const PRICE_COLUMNS: ReadonlySet<string> = new Set(['marketPrice', 'askingPrice']);

export type SortableColumn = keyof typeof sortFieldByColumn;

export interface OrdersQueryState {
  /** Zero-based, as the grid counts pages. */
  page: number;
  pageSize: number;
  sort: SortableColumn;
  direction: 'asc' | 'desc';
  makerTokenAddress?: Address;
  takerTokenAddress?: Address;
  /**
   * Orders of tokens the TokenRegistry does not list shown too: off by default, so a token anyone can
   * add cannot fill the book a visitor first sees (the trader turns it on; the URL keeps it).
   */
  includeUnverified: boolean;
  /**
   * Keyset cursors by zero-based page, learnt from earlier answers (a page's `nextCursor` opens the
   * page after it). Only valid for the sort, page size and filters they came with.
   */
  cursors: ReadonlyMap<number, string>;
}

/** What `GET /order` is asked: the relayer's one-based page, its sort name, and a cursor when known. */
export interface OrdersRequest {
  page: number;
  per_page: number;
  sort: OrderSortField;
  direction: 'asc' | 'desc';
  makerTokenAddress?: Address;
  takerTokenAddress?: Address;
  /** `only`: both tokens verified (the default view); `all`: unverified tokens' orders too. */
  verified: 'only' | 'all';
  cursor?: string;
}

export function initialOrdersQueryState(filters: {
  makerTokenAddress?: Address;
  takerTokenAddress?: Address;
  includeUnverified?: boolean;
}): OrdersQueryState {
  return {
    page: 0,
    pageSize: DEFAULT_PAGE_SIZE,
    sort: 'makerFee',
    direction: 'asc',
    cursors: new Map(),
    ...filters,
    includeUnverified: filters.includeUnverified ?? false,
  };
}

export function isSortableColumn(field: string): field is SortableColumn {
  return Object.hasOwn(sortFieldByColumn, field);
}

export function toOrdersRequest(state: OrdersQueryState): OrdersRequest {
  const request: OrdersRequest = {
    page: state.page + 1,
    per_page: state.pageSize,
    sort: sortFieldByColumn[state.sort],
    direction: state.direction,
    verified: state.includeUnverified ? 'all' : 'only',
  };
  if (state.makerTokenAddress) request.makerTokenAddress = state.makerTokenAddress;
  if (state.takerTokenAddress) request.takerTokenAddress = state.takerTokenAddress;
  const cursor = state.cursors.get(state.page);
  if (cursor) request.cursor = cursor;
  return request;
}

/** Moves to another page; known cursors stay (they still point at the same rows). */
export function withPage(state: OrdersQueryState, page: number, pageSize: number): OrdersQueryState {
  if (pageSize !== state.pageSize) return { ...state, page: 0, pageSize, cursors: new Map() };
  return { ...state, page };
}

/** A new sort starts from page 1 and forgets cursors, which encode the old sort key. */
export function withSort(
  state: OrdersQueryState,
  sort: SortableColumn | undefined,
  direction: 'asc' | 'desc' | undefined,
): OrdersQueryState {
  const initial = initialOrdersQueryState({});
  return {
    ...state,
    sort: sort ?? initial.sort,
    direction: sort ? (direction ?? 'asc') : initial.direction,
    page: 0,
    cursors: new Map(),
  };
}

/** New token filters reload from page 1. Unchanged filters keep the state (and its identity). */
export function withFilters(
  state: OrdersQueryState,
  makerTokenAddress: Address | undefined,
  takerTokenAddress: Address | undefined,
): OrdersQueryState {
  if (state.makerTokenAddress === makerTokenAddress && state.takerTokenAddress === takerTokenAddress)
    return state;
  const { makerTokenAddress: _m, takerTokenAddress: _t, ...rest } = state;
  const next: OrdersQueryState = { ...rest, page: 0, cursors: new Map() };
  if (makerTokenAddress) next.makerTokenAddress = makerTokenAddress;
  if (takerTokenAddress) next.takerTokenAddress = takerTokenAddress;
  return next;
}

/** Showing or hiding unverified tokens' orders reloads from page 1. Unchanged, the state stays. */
export function withUnverified(state: OrdersQueryState, includeUnverified: boolean): OrdersQueryState {
  if (state.includeUnverified === includeUnverified) return state;
  return { ...state, includeUnverified, page: 0, cursors: new Map() };
}

/** Remembers the neighbouring pages' cursors of an answer for `state.page`. */
export function rememberCursors(
  state: OrdersQueryState,
  response: Pick<OrderListResponse, 'nextCursor' | 'prevCursor'>,
): OrdersQueryState {
  const cursors = new Map(state.cursors);
  const set = (page: number, cursor: string | null) => {
    if (page < 0) return;
    if (cursor) cursors.set(page, cursor);
  };
  set(state.page + 1, response.nextCursor);
  set(state.page - 1, response.prevCursor);
  const same =
    cursors.size === state.cursors.size && [...cursors].every(([page, c]) => state.cursors.get(page) === c);
  return same ? state : { ...state, cursors };
}
