import { type OrderSortField, orderSortFields } from '@relayer/protocol';
import type { Probe } from '../index/SortedView.js';
import type { BookOrder } from '../model/BookOrder.js';

type Compare = (a: BookOrder, b: BookOrder) => number;

/** Order hashes are lower-case hex of one length: code-unit order is byte order, as in PostgreSQL. */
export const compareHashes = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Two orders by hash, as `compareHashes` orders their hashes (same sign): by their `hashKey`s when both
 * have one and they differ (what they hold is then in the texts' order), else by the texts. An insert
 * compares ~20 orders, and reading the key, not the hash string, saves a memory access (a cache miss in
 * a large book) and a string comparison per tie.
 */
export function compareOrderHashes(a: BookOrder, b: BookOrder): number {
  const x = a.hashKey;
  const y = b.hashKey;
  if (x !== y && (x | y) >= 0) return x - y;
  return compareHashes(a.hash, b.hash);
}

/**
 * Every sort's tie-break: earlier received first, then hash. The receive time comes first so that a
 * salt ground for a low hash cannot put a new order ahead of those already in the book at the same key;
 * it is a number, compared before the hash key at no allocation.
 */
export function compareTies(a: BookOrder, b: BookOrder): number {
  return a.createdAt - b.createdAt || compareOrderHashes(a, b);
}

/**
 * Text in code point order: what PostgreSQL's C and C.UTF-8 collations (and PGlite's) do with UTF-8.
 * JavaScript compares UTF-16 code units, which differs only between a surrogate (a code point above
 * U+FFFF) and U+E000..U+FFFF, so that case is corrected.
 */
export function compareText(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) {
      x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
      y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    }
    return x - y;
  }
  return a.length - b.length;
}

export const compareBigints = (a: bigint, b: bigint): number => (a < b ? -1 : a > b ? 1 : 0);

/** A sort field's key: an exact integer (bigint or safe number) or text in code point order. */
export type SortKey =
  | { kind: 'bigint'; get: (order: BookOrder) => bigint }
  | { kind: 'number'; get: (order: BookOrder) => number }
  | { kind: 'text'; get: (order: BookOrder) => string };

/** How one sort field orders the book, and how a cursor's key (as the cursor spells it) is compared. */
export interface SortOrdering {
  /** Key, then receive time, then hash: `GET /order` ascending (descending is its exact reverse). */
  compare: Compare;
  /** The key itself, for a rebuild's bulk sort (sort/bookSortPlan.ts), which must give `compare`'s order. */
  key: SortKey;
  /** The key as a cursor carries it (decimal digits, or the symbol). */
  keyText(order: BookOrder): string;
  /** Where a cursor (key text already validated for this field, receive time, and hash) sits. */
  probe(keyText: string, created: number, hash: string): Probe<BookOrder>;
}

/**
 * `compare` is the field's own function (written out per field, not through `get`): every insert into an
 * index calls it ~20 times, and a call through a shared `get` cannot be inlined (each field's is another
 * function), which made it the dearest part of an order's index inserts.
 */
/** `compareTies` of an order with a cursor's receive time and hash. */
const probeTies = (order: BookOrder, created: number, hash: string): number =>
  order.createdAt - created || compareHashes(order.hash, hash);

function bigintField(get: (order: BookOrder) => bigint, compare: Compare): SortOrdering {
  return {
    compare,
    key: { kind: 'bigint', get },
    keyText: (order) => get(order).toString(),
    probe(keyText, created, hash) {
      const key = BigInt(keyText);
      return (order) => compareBigints(get(order), key) || probeTies(order, created, hash);
    },
  };
}

function textField(get: (order: BookOrder) => string, compare: Compare): SortOrdering {
  return {
    compare,
    key: { kind: 'text', get },
    keyText: get,
    probe: (key, created, hash) => (order) => compareText(get(order), key) || probeTies(order, created, hash),
  };
}

/**
 * The sorts of `GET /order` on stored columns, which the read model indexes. The derived sorts (human
 * amounts, market and asking prices) move with token decimals and prices, not with the book: the
 * database path computes them (orderSortKey).
 */
const derivedSortFields = ['makerAmount', 'takerAmount', 'marketPrice', 'askingPrice'] as const;
export type StoredSortField = Exclude<OrderSortField, (typeof derivedSortFields)[number]>;
/** Every stored sort, in the order of the protocol's list. */
export const storedSortFields: readonly StoredSortField[] = orderSortFields.filter(
  (sort): sort is StoredSortField => !(derivedSortFields as readonly string[]).includes(sort),
);

export function isStoredSort(sort: OrderSortField): sort is StoredSortField {
  return (storedSortFields as readonly string[]).includes(sort);
}

/** How the read model orders each stored sort (the columns listOrders sorts on in the database path). */
export const SORT_ORDERINGS: Record<StoredSortField, SortOrdering> = {
  makerFee: bigintField(
    (o) => o.makerFee,
    (a, b) => (a.makerFee < b.makerFee ? -1 : a.makerFee > b.makerFee ? 1 : compareTies(a, b)),
  ),
  takerFee: bigintField(
    (o) => o.takerFee,
    (a, b) => (a.takerFee < b.takerFee ? -1 : a.takerFee > b.takerFee ? 1 : compareTies(a, b)),
  ),
  makerTokenAmount: bigintField(
    (o) => o.makerAmount,
    (a, b) => (a.makerAmount < b.makerAmount ? -1 : a.makerAmount > b.makerAmount ? 1 : compareTies(a, b)),
  ),
  takerTokenAmount: bigintField(
    (o) => o.takerAmount,
    (a, b) => (a.takerAmount < b.takerAmount ? -1 : a.takerAmount > b.takerAmount ? 1 : compareTies(a, b)),
  ),
  makerToken: textField(
    (o) => o.makerSymbol,
    (a, b) => compareText(a.makerSymbol, b.makerSymbol) || compareTies(a, b),
  ),
  takerToken: textField(
    (o) => o.takerSymbol,
    (a, b) => compareText(a.takerSymbol, b.takerSymbol) || compareTies(a, b),
  ),
  expirationUnixTimestampSec: bigintField(
    (o) => o.expiration,
    (a, b) => (a.expiration < b.expiration ? -1 : a.expiration > b.expiration ? 1 : compareTies(a, b)),
  ),
  createdAt: {
    // The key is the receive time itself: its ties are the hash's.
    compare: compareTies,
    key: { kind: 'number', get: (o) => o.createdAt },
    keyText: (order) => String(order.createdAt),
    probe(keyText, _created, hash) {
      // A cursor key may exceed 2^53; a bigint compares with the stored number exactly.
      const key = BigInt(keyText);
      return (order) =>
        (order.createdAt < key ? -1 : order.createdAt > key ? 1 : 0) || compareHashes(order.hash, hash);
    },
  },
};

/**
 * takerTokenAmount / makerTokenAmount, compared exactly by cross-multiplying (both are positive
 * uint256s). This is an ask's price, and the inverse of a bid's, so ascending is best-first on both
 * sides of a book.
 */
export const comparePrices: Compare = (a, b) =>
  compareBigints(a.takerAmount * b.makerAmount, b.takerAmount * a.makerAmount);

/**
 * `GET /v0/orderbook`'s order on either side: best price, then lower total fees, earlier expiration,
 * earlier received, hash.
 */
export const compareBookOrder: Compare = (a, b) =>
  comparePrices(a, b) ||
  compareBigints(a.makerFee + a.takerFee, b.makerFee + b.takerFee) ||
  compareBigints(a.expiration, b.expiration) ||
  compareTies(a, b);

/** `GET /v0/orders`' order with both token filters: ascending price, then oldest first. */
export const compareSraPrice: Compare = (a, b) => comparePrices(a, b) || compareTies(a, b);

/** `GET /v0/orders`' order otherwise: oldest first. */
export const compareCreated: Compare = SORT_ORDERINGS.createdAt.compare;
