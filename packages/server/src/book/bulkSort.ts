import type { BookOrder } from './BookOrder.js';
import { compareBigints, compareHashes, compareText, type SortKey } from './bookOrderings.js';

/**
 * Sorting a whole book at once (a rebuild) without calling the indexes' comparators: each key is read
 * once per order into a Float64Array, and the sort compares positions by those numbers, going back to
 * the exact values only when the numbers cannot tell (a key above 2^53, a price too close to call).
 * Ties end in position order: the orders come in hash order, which is how every index breaks ties.
 * The result is exactly the order of the index's own comparator (bookOrderings.ts); NetworkBook's
 * bulk-load test checks it against them.
 */

/** Numbers that stand for a key: monotonic (x < y implies approx(x) <= approx(y)), exact where flagged. */
interface Column {
  approx: Float64Array;
  /** 1 where `approx` is the exact key (equal numbers then mean equal keys); all 1 = no fallback needed. */
  exact: Uint8Array | undefined;
  /** The exact comparison of two positions' keys (used where `approx` is equal and not exact). */
  compareExact: (i: number, j: number) => number;
}

const TWO_53 = 2 ** 53;

/**
 * Number(bigint) rounds to nearest, which is monotonic. A result below 2^53 in magnitude is exact (the
 * bigint was below 2^53 too, where every integer is a double); 2^53 or more may stand for several.
 */
function bigintColumn(orders: readonly BookOrder[], get: (order: BookOrder) => bigint): Column {
  const approx = new Float64Array(orders.length);
  let exact: Uint8Array | undefined;
  for (let i = 0; i < orders.length; i++) {
    const value = Number(get(orders[i] as BookOrder));
    approx[i] = value;
    if (!(value < TWO_53 && value > -TWO_53)) {
      exact ??= new Uint8Array(orders.length).fill(1, 0, i);
      exact[i] = 0;
    } else if (exact) exact[i] = 1;
  }
  return {
    approx,
    exact,
    compareExact: (i, j) => compareBigints(get(orders[i] as BookOrder), get(orders[j] as BookOrder)),
  };
}

/** Text: the distinct values (symbols: a handful) ranked once in code point order. */
function textColumn(values: readonly string[]): Column {
  const ranks = new Map<string, number>();
  for (const value of values) ranks.set(value, 0);
  const distinct = [...ranks.keys()].sort(compareText);
  for (const [rank, value] of distinct.entries()) ranks.set(value, rank);
  const approx = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) approx[i] = ranks.get(values[i] as string) as number;
  return { approx, exact: undefined, compareExact: () => 0 };
}

function keyColumn(orders: readonly BookOrder[], key: SortKey): Column {
  switch (key.kind) {
    case 'bigint':
      return bigintColumn(orders, key.get);
    case 'text':
      return textColumn(orders.map(key.get));
    case 'number':
      return { approx: Float64Array.from(orders, key.get), exact: undefined, compareExact: () => 0 };
  }
}

/** Compares two positions by one column: 0 only when their keys are equal. */
function compareBy(column: Column, i: number, j: number): number {
  const { approx, exact } = column;
  const x = approx[i] as number;
  const y = approx[j] as number;
  if (x !== y) return x < y ? -1 : 1;
  if (exact === undefined || (exact[i] === 1 && exact[j] === 1)) return 0;
  return column.compareExact(i, j);
}

/** Positions 0..n-1 sorted by `compare`, then by position. */
function sortPositions(length: number, compare: (i: number, j: number) => number): number[] {
  const positions = new Array<number>(length);
  for (let i = 0; i < length; i++) positions[i] = i;
  return positions.sort((i, j) => compare(i, j) || i - j);
}

/** True when the orders are in strictly ascending hash order (what the tie-break by position needs). */
export function inHashOrder(orders: readonly BookOrder[]): boolean {
  for (let i = 1; i < orders.length; i++) {
    if (compareHashes((orders[i - 1] as BookOrder).hash, (orders[i] as BookOrder).hash) >= 0) return false;
  }
  return true;
}

/**
 * The orders in hash order (code unit order, as compareHashes). Hashes are 0x and lower-case hex: their
 * first 13 digits (52 bits) as a number order them, and only equal numbers compare the strings. Any
 * other hash makes it compare strings throughout.
 */
export function sortByHash(orders: readonly BookOrder[]): BookOrder[] {
  const prefixes = new Float64Array(orders.length);
  let hex = true;
  for (let i = 0; i < orders.length && hex; i++) {
    const { hash } = orders[i] as BookOrder;
    let value = 0;
    for (let k = 2; k < 15; k++) {
      const code = hash.charCodeAt(k);
      const digit = code >= 48 && code <= 57 ? code - 48 : code >= 97 && code <= 102 ? code - 87 : -1;
      if (digit < 0 || hash.charCodeAt(0) !== 48 || hash.charCodeAt(1) !== 120) {
        hex = false;
        break;
      }
      value = value * 16 + digit;
    }
    prefixes[i] = value;
  }
  const byString = (i: number, j: number) =>
    compareHashes((orders[i] as BookOrder).hash, (orders[j] as BookOrder).hash);
  return sortPositions(
    orders.length,
    hex ? (i, j) => (prefixes[i] as number) - (prefixes[j] as number) || byString(i, j) : byString,
  ).map((i) => orders[i] as BookOrder);
}

/**
 * The positions of `orders` (in hash order) sorted by the key, then hash: the order of the field's
 * `compare`.
 *
 * Without a comparator call per comparison: each position's number is replaced by its rank among the
 * distinct numbers (found by a native sort of the numbers), and `rank * n + position` (below 2^53 for
 * any book that fits in memory) is sorted natively as one Float64Array. That is the order by number,
 * then position; only runs of equal numbers that stand for keys above 2^53 may hide different keys,
 * and those runs are sorted again exactly.
 */
export function sortByKey(orders: readonly BookOrder[], key: SortKey): number[] {
  const column = keyColumn(orders, key);
  const { approx, exact } = column;
  const n = orders.length;
  const distinct = Float64Array.from(approx).sort();
  let count = 0;
  for (let i = 0; i < n; i++) {
    if (i === 0 || distinct[i] !== distinct[i - 1]) distinct[count++] = distinct[i] as number;
  }
  const composite = new Float64Array(n);
  for (let i = 0; i < n; i++) composite[i] = rankOf(distinct, count, approx[i] as number) * n + i;
  composite.sort();
  const positions = new Array<number>(n);
  for (let k = 0; k < n; k++) positions[k] = (composite[k] as number) % n;
  if (exact !== undefined) refineRuns(positions, column);
  return positions;
}

/** True when positions[start..end) are already in exact key order, then position (a run of one key). */
function inOrder(positions: readonly number[], start: number, end: number, column: Column): boolean {
  for (let k = start + 1; k < end; k++) {
    const i = positions[k - 1] as number;
    const j = positions[k] as number;
    if ((column.compareExact(i, j) || i - j) > 0) return false;
  }
  return true;
}

/** The position of `value` in the first `count` (sorted, distinct) numbers of `distinct`: a binary search. */
function rankOf(distinct: Float64Array, count: number, value: number): number {
  let low = 0;
  let high = count - 1;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((distinct[mid] as number) < value) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Sorts exactly each run of equal numbers that holds a key the number does not stand for exactly. */
function refineRuns(positions: number[], column: Column): void {
  const { approx, exact } = column;
  if (exact === undefined) return;
  for (let start = 0; start < positions.length; ) {
    const value = approx[positions[start] as number] as number;
    let end = start + 1;
    let inexact = exact[positions[start] as number] === 0;
    while (end < positions.length && approx[positions[end] as number] === value) {
      if (exact[positions[end] as number] === 0) inexact = true;
      end++;
    }
    if (inexact && end - start > 1 && !inOrder(positions, start, end, column)) {
      const run = positions.slice(start, end).sort((i, j) => column.compareExact(i, j) || i - j);
      for (let k = 0; k < run.length; k++) positions[start + k] = run[k] as number;
    }
    start = end;
  }
}

/**
 * takerAmount / makerAmount as a float, and whether it can be trusted: each Number() rounding and the
 * division are off by at most 2^-53 relative, so two prices further apart than PRICE_SLACK relative
 * are in the right order; closer ones (or a zero amount) are compared exactly by cross-multiplying.
 */
const PRICE_SLACK = 1e-12;

interface PriceColumn extends Column {
  /**
   * Per position, the first position with the same float price whose exact price it was checked to
   * equal (cross-multiplied once, when the column was made), or -1. Books repeat prices with other
   * amounts (100 at 0.5, 200 at 0.5): equal classes compare equal without multiplying per comparison.
   */
  classes: Int32Array;
}

function priceColumn(orders: readonly BookOrder[]): PriceColumn {
  const approx = new Float64Array(orders.length);
  const classes = new Int32Array(orders.length);
  const first = new Map<number, number>();
  for (let i = 0; i < orders.length; i++) {
    const order = orders[i] as BookOrder;
    const price = Number(order.takerAmount) / Number(order.makerAmount);
    approx[i] = price;
    const known = first.get(price);
    if (known === undefined) {
      first.set(price, i);
      classes[i] = i;
      continue;
    }
    const other = orders[known] as BookOrder;
    classes[i] = order.takerAmount * other.makerAmount === other.takerAmount * order.makerAmount ? known : -1;
  }
  return {
    approx,
    exact: undefined,
    compareExact: (i, j) => {
      const a = orders[i] as BookOrder;
      const b = orders[j] as BookOrder;
      return compareBigints(a.takerAmount * b.makerAmount, b.takerAmount * a.makerAmount);
    },
    classes,
  };
}

function comparePrice(column: PriceColumn, i: number, j: number): number {
  const x = column.approx[i] as number;
  const y = column.approx[j] as number;
  // False for NaN and infinities (a zero amount) too: those go to the exact comparison.
  if (Math.abs(x - y) > PRICE_SLACK * Math.max(Math.abs(x), Math.abs(y))) return x < y ? -1 : 1;
  if (x === y) {
    const a = column.classes[i] as number;
    if (a >= 0 && a === column.classes[j]) return 0;
  }
  return column.compareExact(i, j);
}

/** `GET /v0/orderbook`'s order (compareBookOrder) of orders in hash order. */
export function sortForBook(orders: readonly BookOrder[]): BookOrder[] {
  const price = priceColumn(orders);
  const fees = bigintColumn(orders, (o) => o.makerFee + o.takerFee);
  const expiration = bigintColumn(orders, (o) => o.expiration);
  return sortPositions(
    orders.length,
    (i, j) => comparePrice(price, i, j) || compareBy(fees, i, j) || compareBy(expiration, i, j),
  ).map((i) => orders[i] as BookOrder);
}

/** `GET /v0/orders`' price order (compareSraPrice) of orders in hash order. */
export function sortForPrice(orders: readonly BookOrder[]): BookOrder[] {
  const price = priceColumn(orders);
  const created = Float64Array.from(orders, (o) => o.createdAt);
  return sortPositions(
    orders.length,
    (i, j) => comparePrice(price, i, j) || (created[i] as number) - (created[j] as number),
  ).map((i) => orders[i] as BookOrder);
}
