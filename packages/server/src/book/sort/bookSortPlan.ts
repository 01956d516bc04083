import { bigintColumn } from '../index/bigintColumn.js';
import { EqualClasses } from '../index/EqualClasses.js';
import type { SortPass, SortPlan } from '../index/SlicedSort.js';
import type { SortScratch } from '../index/SortScratch.js';
import type { BookOrder } from '../model/BookOrder.js';
import { compareBigints, compareHashes, compareText, type SortKey } from './bookOrderings.js';

/** Which comparator's order: a sort field's key, `GET /v0/orderbook`'s (compareBookOrder) or `GET /v0/orders`' price order (compareSraPrice). */
export type BulkOrdering =
  | { kind: 'key'; key: SortKey }
  | { kind: 'book' }
  | { kind: 'price' }
  /** Hash order (compareHashes), which every index breaks ties by. */
  | { kind: 'hash' };

/**
 * takerAmount / makerAmount as a float: each Number() rounding and the division are off by at most 2^-53
 * relative, so two prices further apart than PRICE_SLACK relative are in the right order; closer ones
 * (or a zero amount) are compared exactly by cross-multiplying.
 */
const PRICE_SLACK = 1e-12;

export interface BookSortPlanOptions {
  readonly orders: readonly BookOrder[];
  readonly ordering: BulkOrdering;
  /**
   * The orders come in strictly ascending hash order: ties are then broken by position, without
   * reading the hashes.
   */
  readonly inHashOrder: boolean;
  readonly scratch: SortScratch;
}

/**
 * How SlicedSort sorts orders as one of the indexes' comparators (sort/bookOrderings.ts) does, without
 * calling it: each order's key is read once as a number that orders like it (`Number(bigint)` is
 * monotonic, a price is a float quotient); only when two numbers cannot tell (equal, or prices within
 * PRICE_SLACK) are the exact keys compared, then the receive times, then the hashes. The bulk-load
 * tests check the result against inserting one by one.
 */
export function bookSortPlan(options: BookSortPlanOptions): (keys: Float64Array) => SortPlan {
  const { orders, ordering, inHashOrder, scratch } = options;
  return (keys) => {
    const n = orders.length;
    const passes: SortPass[] = [];

    let byHash: (i: number, j: number) => number;
    if (inHashOrder) {
      // Ties in position order: the orders come in hash order.
      byHash = (i, j) => i - j;
    } else {
      // Hash order, by the first 13 hex digits (52 bits) as a number, then the strings; any hash that
      // is not 0x and lower-case hex makes it compare the strings only.
      const prefixes = ordering.kind === 'hash' ? keys : scratch.f64('prefixes', n);
      let hex = true;
      passes.push({
        length: n,
        run(from, to) {
          for (let i = from; i < to; i++) {
            if (!hex) continue;
            const { hash } = orders[i] as BookOrder;
            if (hash.charCodeAt(0) !== 48 || hash.charCodeAt(1) !== 120) hex = false;
            let value = 0;
            for (let c = 2; c < 15; c++) {
              const code = hash.charCodeAt(c);
              const digit = code >= 48 && code <= 57 ? code - 48 : code >= 97 && code <= 102 ? code - 87 : -1;
              if (digit < 0) hex = false;
              value = value * 16 + digit;
            }
            prefixes[i] = value;
          }
        },
        // (A hash sort with a hash that is not hex sorts by the strings alone: its keys are all zero.)
      });
      const strings = (i: number, j: number) =>
        compareHashes((orders[i] as BookOrder).hash, (orders[j] as BookOrder).hash);
      if (ordering.kind === 'hash') {
        passes.push({
          length: 1,
          run() {
            if (!hex) keys.fill(0);
          },
        });
        return { passes, slack: 0, exact: strings };
      }
      byHash = (i, j) => (hex ? (prefixes[i] as number) - (prefixes[j] as number) : 0) || strings(i, j);
    }

    // Every ordering but hash's (and the receive time's own) breaks ties by receive time before the hash.
    const created = scratch.f64('created', n);
    const byCreated = (i: number, j: number) => (created[i] as number) - (created[j] as number);
    const receiveTimes: SortPass = {
      length: n,
      run(from, to) {
        for (let i = from; i < to; i++) created[i] = (orders[i] as BookOrder).createdAt;
      },
    };
    const ties = (i: number, j: number) => byCreated(i, j) || byHash(i, j);

    if (ordering.kind === 'hash') return { passes, slack: 0, exact: (i, j) => i - j };
    if (ordering.kind === 'key') {
      const { key } = ordering;
      if (key.kind === 'bigint') {
        // The numbers go straight to the sort keys: the exact comparison is only asked for equal ones.
        const column = bigintColumn(orders, key.get, keys, scratch, 'key');
        passes.push(column.pass, receiveTimes);
        return { passes, slack: 0, exact: (i, j) => column.compareTied(i, j) || ties(i, j) };
      }
      if (key.kind === 'number') {
        const get = key.get;
        passes.push({
          length: n,
          run(from, to) {
            for (let i = from; i < to; i++) keys[i] = get(orders[i] as BookOrder);
          },
        });
        return { passes, slack: 0, exact: byHash };
      }
      // Text: the distinct values (symbols: a handful) ranked once in code point order.
      const get = key.get;
      const ranks = new Map<string, number>();
      passes.push(
        {
          length: n,
          run(from, to) {
            for (let i = from; i < to; i++) ranks.set(get(orders[i] as BookOrder), 0);
          },
        },
        {
          length: 1,
          run() {
            const distinct = [...ranks.keys()].sort(compareText);
            for (const [rank, value] of distinct.entries()) ranks.set(value, rank);
          },
        },
        {
          length: n,
          run(from, to) {
            for (let i = from; i < to; i++) keys[i] = ranks.get(get(orders[i] as BookOrder)) as number;
          },
        },
        receiveTimes,
      );
      return { passes, slack: 0, exact: ties };
    }

    const price = scratch.f64('price', n);
    const classes = new EqualClasses(scratch.i32('price.classes', n));
    passes.push(receiveTimes, {
      length: n,
      run(from, to) {
        classes.reset(from, to);
        for (let i = from; i < to; i++) {
          const order = orders[i] as BookOrder;
          const value = Number(order.takerAmount) / Number(order.makerAmount);
          price[i] = value;
          keys[i] = value;
        }
      },
    });
    const crossMultiplied = (i: number, j: number): number => {
      const x = orders[i] as BookOrder;
      const y = orders[j] as BookOrder;
      return compareBigints(x.takerAmount * y.makerAmount, y.takerAmount * x.makerAmount);
    };
    // Equal float prices are usually equal prices (remembered); close ones are compared exactly.
    const comparePrice = (i: number, j: number): number =>
      price[i] === price[j] ? classes.compare(i, j, crossMultiplied) : crossMultiplied(i, j);
    if (ordering.kind === 'price') {
      return { passes, slack: PRICE_SLACK, exact: (i, j) => comparePrice(i, j) || ties(i, j) };
    }
    const fees = bigintColumn(
      orders,
      (o) => o.makerFee + o.takerFee,
      scratch.f64('fees', n),
      scratch,
      'fees',
    );
    const expiration = bigintColumn(
      orders,
      (o) => o.expiration,
      scratch.f64('expiration', n),
      scratch,
      'expiration',
    );
    passes.push(fees.pass, expiration.pass);
    return {
      passes,
      slack: PRICE_SLACK,
      exact: (i, j) => comparePrice(i, j) || fees.compare(i, j) || expiration.compare(i, j) || ties(i, j),
    };
  };
}
