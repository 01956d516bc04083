import type { BookOrder } from './BookOrder.js';
import { compareBigints, compareHashes, compareText, type SortKey } from './bookOrderings.js';

/**
 * Sorting a whole book (a rebuild's indexes) in slices: a merge sort that does a bounded amount of work
 * per `step()`, so the background can build an index of 1,000,000 orders without holding the event loop
 * for more than a few milliseconds at a time (a native sort cannot be interrupted).
 *
 * Without the indexes' comparators: each order's key is read once into a Float64Array (a number that
 * orders like the key: `Number(bigint)` is monotonic, a price is a float quotient), and the merge moves
 * the numbers along with the positions, comparing them in sequence; only when two numbers cannot tell
 * (equal, or prices within PRICE_SLACK) does it compare the exact keys, then the receive times, then the
 * hashes. The result is exactly the order of the index's own comparator (bookOrderings.ts), whatever order
 * the orders come in; test/book/bulkLoad.test.ts checks it against inserting one by one.
 */

/** Which comparator's order: a sort field's key, `GET /v0/orderbook`'s (compareBookOrder) or `GET /v0/orders`' price order (compareSraPrice). */
export type BulkOrdering =
  | { kind: 'key'; key: SortKey }
  | { kind: 'book' }
  | { kind: 'price' }
  /** Hash order (compareHashes), which every index breaks ties by. */
  | { kind: 'hash' };

const TWO_53 = 2 ** 53;
/**
 * takerAmount / makerAmount as a float: each Number() rounding and the division are off by at most 2^-53
 * relative, so two prices further apart than PRICE_SLACK relative are in the right order; closer ones
 * (or a zero amount) are compared exactly by cross-multiplying.
 */
const PRICE_SLACK = 1e-12;
/** Items sorted by insertion before merging. */
const RUN = 16;
/** Items per unit of work (`step`): a pass over this many orders, or merging this many. ~0.1-0.5 ms. */
export const SORT_CHUNK = 4096;

/** A pass over positions [0, length) before sorting, done `chunk` positions at a time. */
interface Pass {
  length: number;
  run(from: number, to: number): void;
}

/**
 * Arrays one sort after another can reuse (the background's sorts of one book, in turn): at 1,000,000
 * orders each sort needs ~60 MB of typed arrays, and allocating them afresh for each makes V8 run full
 * collections of the whole heap for the external memory. Each sort takes every array by its name once.
 */
export class SortScratch {
  readonly #arrays = new Map<string, Float64Array | Uint32Array | Int32Array | Uint8Array | bigint[]>();

  #take<A extends Float64Array | Uint32Array | Int32Array | Uint8Array>(
    name: string,
    n: number,
    make: (n: number) => A,
  ): A {
    let array = this.#arrays.get(name) as A | undefined;
    if (!array || array.length < n) {
      array = make(n);
      this.#arrays.set(name, array);
    }
    return array.length === n ? array : (array.subarray(0, n) as A);
  }

  f64(name: string, n: number): Float64Array {
    return this.#take(name, n, (size) => new Float64Array(size));
  }

  u32(name: string, n: number): Uint32Array {
    return this.#take(name, n, (size) => new Uint32Array(size));
  }

  i32(name: string, n: number): Int32Array {
    return this.#take(name, n, (size) => new Int32Array(size));
  }

  u8(name: string, n: number): Uint8Array {
    return this.#take(name, n, (size) => new Uint8Array(size));
  }

  bigints(name: string, n: number): bigint[] {
    let array = this.#arrays.get(name) as bigint[] | undefined;
    if (!array || array.length < n) {
      array = new Array<bigint>(n);
      this.#arrays.set(name, array);
    }
    return array;
  }
}

/**
 * Classes of positions found equal so far, as a union-find forest: a merge compares equal numbers (a
 * repeated amount, fee or price) over and over; once two keys were found exactly equal, their classes
 * compare equal without reading (or multiplying) bigints again.
 */
class EqualClasses {
  readonly #parent: Int32Array;

  constructor(parent: Int32Array) {
    this.#parent = parent;
  }

  /** Each position its own class (run over [from, to) before any comparison). */
  reset(from: number, to: number): void {
    for (let i = from; i < to; i++) this.#parent[i] = i;
  }

  /** `compare(i, j)` (the exact one), remembering equality. */
  compare(i: number, j: number, exact: (i: number, j: number) => number): number {
    const parent = this.#parent;
    const a = this.#root(i);
    const b = this.#root(j);
    if (a === b) return 0;
    const side = exact(i, j);
    if (side === 0) {
      if (a < b) parent[b] = a;
      else parent[a] = b;
    }
    return side;
  }

  #root(i: number): number {
    const parent = this.#parent;
    let r = i;
    while (parent[r] !== r) r = parent[r] as number;
    for (let x = i; parent[x] !== r; ) {
      const next = parent[x] as number;
      parent[x] = r;
      x = next;
    }
    return r;
  }
}

/**
 * An exact integer column: the number (written to `approx` by position), and whether it is the exact
 * value (below 2^53). `compare` orders two positions by their keys; `compareTied` does when their
 * numbers are known to be equal (`approx` may then be the sort keys, which the sort moves).
 */
function bigintColumn(
  orders: readonly BookOrder[],
  get: (order: BookOrder) => bigint,
  approx: Float64Array,
  scratch: SortScratch,
  name: string,
): { pass: Pass; compare: (i: number, j: number) => number; compareTied: (i: number, j: number) => number } {
  const n = orders.length;
  const exact = scratch.u8(`${name}.exact`, n);
  // The keys by position (references to the orders' own bigints): an equal pair of inexact numbers is
  // told apart without calling `get` (and reading two orders) per comparison.
  const values = scratch.bigints(`${name}.values`, n);
  const classes = new EqualClasses(scratch.i32(`${name}.classes`, n));
  const compareValues = (i: number, j: number): number => {
    const a = values[i] as bigint;
    const b = values[j] as bigint;
    return a < b ? -1 : a > b ? 1 : 0;
  };
  const compareTied = (i: number, j: number): number => {
    if (exact[i] === 1 && exact[j] === 1) return 0;
    return classes.compare(i, j, compareValues);
  };
  return {
    pass: {
      length: n,
      run(from, to) {
        classes.reset(from, to);
        for (let i = from; i < to; i++) {
          const key = get(orders[i] as BookOrder);
          const value = Number(key);
          approx[i] = value;
          values[i] = key;
          exact[i] = value < TWO_53 && value > -TWO_53 ? 1 : 0;
        }
      },
    },
    compare(i, j) {
      const x = approx[i] as number;
      const y = approx[j] as number;
      if (x !== y) return x < y ? -1 : 1;
      return compareTied(i, j);
    },
    compareTied,
  };
}

export class SlicedSort {
  readonly #orders: readonly BookOrder[];
  readonly #n: number;
  readonly #chunk: number;
  readonly #passes: Pass[] = [];
  #pass = 0;
  #at = 0;
  /** The sort keys, by position until the sort starts (then moved with the positions). */
  #keys: Float64Array;
  #pos: Uint32Array;
  #keys2: Float64Array;
  #pos2: Uint32Array;
  /** Relative distance under which two keys are not trusted to order their orders (0: only equal keys). */
  readonly #slack: number;
  /** The exact order of two positions whose keys cannot tell (then hash order): never 0 for i !== j. */
  readonly #exact: (i: number, j: number) => number;
  #phase: 'passes' | 'runs' | 'merge' | 'output' | 'done' = 'passes';
  #width = RUN;
  #mid = 0;
  #hi = 0;
  #i = 0;
  #j = 0;
  #k = 0;
  #result: BookOrder[] = [];

  /**
   * `inHashOrder`: the orders come in strictly ascending hash order (ties are then broken by position,
   * without reading the hashes).
   */
  constructor(
    orders: readonly BookOrder[],
    ordering: BulkOrdering,
    chunk = SORT_CHUNK,
    inHashOrder = false,
    scratch = new SortScratch(),
  ) {
    const n = orders.length;
    this.#orders = orders;
    this.#n = n;
    this.#chunk = Math.max(1, chunk);
    this.#keys = scratch.f64('keys', n);
    this.#pos = scratch.u32('pos', n);
    this.#keys2 = scratch.f64('keys2', n);
    this.#pos2 = scratch.u32('pos2', n);
    const keys = this.#keys;
    const pos = this.#pos;
    const passes = this.#passes;

    let byHash: (i: number, j: number) => number;
    if (inHashOrder) {
      // Ties in position order: the orders come in hash order.
      byHash = (i, j) => i - j;
      passes.push({
        length: n,
        run(from, to) {
          for (let i = from; i < to; i++) pos[i] = i;
        },
      });
    } else {
      // Hash order, by the first 13 hex digits (52 bits) as a number, then the strings; any hash that
      // is not 0x and lower-case hex makes it compare the strings only.
      const prefixes = ordering.kind === 'hash' ? keys : scratch.f64('prefixes', n);
      let hex = true;
      passes.push({
        length: n,
        run(from, to) {
          for (let i = from; i < to; i++) {
            pos[i] = i;
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
        this.#slack = 0;
        this.#exact = strings;
        return;
      }
      byHash = (i, j) => (hex ? (prefixes[i] as number) - (prefixes[j] as number) : 0) || strings(i, j);
    }

    // Every ordering but hash's (and the receive time's own) breaks ties by receive time before the hash.
    const created = scratch.f64('created', n);
    const byCreated = (i: number, j: number) => (created[i] as number) - (created[j] as number);
    const receiveTimes: Pass = {
      length: n,
      run(from, to) {
        for (let i = from; i < to; i++) created[i] = (orders[i] as BookOrder).createdAt;
      },
    };
    const ties = (i: number, j: number) => byCreated(i, j) || byHash(i, j);

    if (ordering.kind === 'hash') {
      this.#slack = 0;
      this.#exact = (i, j) => i - j;
    } else if (ordering.kind === 'key') {
      this.#slack = 0;
      const { key } = ordering;
      if (key.kind === 'bigint') {
        // The numbers go straight to the sort keys: the exact comparison is only asked for equal ones.
        const column = bigintColumn(orders, key.get, keys, scratch, 'key');
        passes.push(column.pass, receiveTimes);
        this.#exact = (i, j) => column.compareTied(i, j) || ties(i, j);
      } else if (key.kind === 'number') {
        const get = key.get;
        passes.push({
          length: n,
          run(from, to) {
            for (let i = from; i < to; i++) keys[i] = get(orders[i] as BookOrder);
          },
        });
        this.#exact = byHash;
      } else {
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
        this.#exact = ties;
      }
    } else {
      this.#slack = PRICE_SLACK;
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
      if (ordering.kind === 'book') {
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
        this.#exact = (i, j) =>
          comparePrice(i, j) || fees.compare(i, j) || expiration.compare(i, j) || ties(i, j);
      } else {
        this.#exact = (i, j) => comparePrice(i, j) || ties(i, j);
      }
    }
  }

  /** Whether the sort is done (`result` is ready). */
  get done(): boolean {
    return this.#phase === 'done';
  }

  /** The orders in the ordering's order, once `step()` returned false. */
  get result(): BookOrder[] {
    if (this.#phase !== 'done') throw new Error('SlicedSort: not sorted yet');
    return this.#result;
  }

  /** The input positions of `result`'s orders (the result's k-th order is the input's positions[k]-th). */
  get positions(): Uint32Array {
    if (this.#phase !== 'done') throw new Error('SlicedSort: not sorted yet');
    return this.#pos;
  }

  /** Does one unit of work (about `chunk` orders' worth); false once the result is ready. */
  step(): boolean {
    switch (this.#phase) {
      case 'passes':
        this.#stepPasses();
        return true;
      case 'runs':
        this.#stepRuns();
        return true;
      case 'merge':
        this.#stepMerge();
        return true;
      case 'output':
        return this.#stepOutput();
      default:
        return false;
    }
  }

  /** Runs every step at once (a sort a request waits for). */
  finish(): BookOrder[] {
    while (this.step());
    return this.result;
  }

  #stepPasses(): void {
    const pass = this.#passes[this.#pass];
    if (!pass) {
      this.#phase = 'runs';
      this.#at = 0;
      return;
    }
    const to = Math.min(pass.length, this.#at + this.#chunk);
    pass.run(this.#at, to);
    this.#at = to;
    if (to >= pass.length) {
      this.#pass++;
      this.#at = 0;
    }
  }

  /** a (key x, position p) strictly before b (key y, position q). */
  #before(x: number, p: number, y: number, q: number): boolean {
    const d = x - y;
    // For slack 0: any difference. NaN (a zero amount) never passes: compared exactly.
    if (d !== 0 && Math.abs(d) > this.#slack * Math.max(Math.abs(x), Math.abs(y))) return d < 0;
    return this.#exact(p, q) < 0;
  }

  /** Insertion sort of runs of RUN items, in place. */
  #stepRuns(): void {
    const keys = this.#keys;
    const pos = this.#pos;
    const n = this.#n;
    const end = Math.min(n, this.#at + Math.max(RUN, this.#chunk - (this.#chunk % RUN)));
    for (let start = this.#at; start < end; start += RUN) {
      const stop = Math.min(n, start + RUN);
      for (let a = start + 1; a < stop; a++) {
        const x = keys[a] as number;
        const p = pos[a] as number;
        let b = a - 1;
        while (b >= start && this.#before(x, p, keys[b] as number, pos[b] as number)) {
          keys[b + 1] = keys[b] as number;
          pos[b + 1] = pos[b] as number;
          b--;
        }
        keys[b + 1] = x;
        pos[b + 1] = p;
      }
    }
    this.#at = end;
    if (end >= n) {
      this.#phase = n <= RUN ? 'output' : 'merge';
      this.#at = 0;
      this.#width = RUN;
      this.#startPair(0);
    }
  }

  #startPair(lo: number): void {
    const n = this.#n;
    this.#mid = Math.min(lo + this.#width, n);
    this.#hi = Math.min(lo + 2 * this.#width, n);
    this.#i = lo;
    this.#j = this.#mid;
    this.#k = lo;
  }

  /** Merges up to `chunk` items of the current pass (runs of `width` into runs of twice that). */
  #stepMerge(): void {
    const keys = this.#keys;
    const pos = this.#pos;
    const outKeys = this.#keys2;
    const outPos = this.#pos2;
    const n = this.#n;
    let budget = this.#chunk;
    let i = this.#i;
    let j = this.#j;
    let k = this.#k;
    const mid = this.#mid;
    const hi = this.#hi;
    const slack = this.#slack;
    const exact = this.#exact;
    while (budget > 0 && k < hi) {
      if (i < mid && j < hi) {
        const x = keys[i] as number;
        const y = keys[j] as number;
        const p = pos[i] as number;
        const q = pos[j] as number;
        // The right one first only when strictly before (the merge is stable).
        let right: boolean;
        if (x === y) right = exact(q, p) < 0;
        else if (slack === 0) right = y < x;
        else {
          const d = y - x;
          right = Math.abs(d) > slack * Math.max(Math.abs(x), Math.abs(y)) ? d < 0 : exact(q, p) < 0;
        }
        if (right) {
          outKeys[k] = y;
          outPos[k] = q;
          j++;
        } else {
          outKeys[k] = x;
          outPos[k] = p;
          i++;
        }
        k++;
        budget--;
      } else {
        // One run is used up: the rest of the other is copied as it is.
        const left = i < mid;
        const from = left ? i : j;
        const take = Math.min((left ? mid : hi) - from, budget);
        outKeys.set(keys.subarray(from, from + take), k);
        outPos.set(pos.subarray(from, from + take), k);
        if (left) i += take;
        else j += take;
        k += take;
        budget -= take;
      }
    }
    this.#i = i;
    this.#j = j;
    this.#k = k;
    if (k < hi) return;
    if (hi < n) {
      this.#startPair(hi);
      return;
    }
    // A pass is done: its output is the next pass's input.
    this.#keys = outKeys;
    this.#pos = outPos;
    this.#keys2 = keys;
    this.#pos2 = pos;
    this.#width *= 2;
    if (this.#width >= n) {
      this.#phase = 'output';
      this.#at = 0;
      return;
    }
    this.#startPair(0);
  }

  /** False once the result is complete. */
  #stepOutput(): boolean {
    const n = this.#n;
    if (this.#at === 0) {
      this.#result = new Array<BookOrder>(n);
    }
    const to = Math.min(n, this.#at + this.#chunk * 4);
    const pos = this.#pos;
    const orders = this.#orders;
    const result = this.#result;
    for (let k = this.#at; k < to; k++) result[k] = orders[pos[k] as number] as BookOrder;
    this.#at = to;
    if (to >= n) {
      this.#phase = 'done';
      return false;
    }
    return true;
  }
}

/** The orders sorted at once (in any input order): what an index a request needs now is built from. */
export function sortOrders(orders: readonly BookOrder[], ordering: BulkOrdering): BookOrder[] {
  return new SlicedSort(orders, ordering).finish();
}
