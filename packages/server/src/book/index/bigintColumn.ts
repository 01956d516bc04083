import { EqualClasses } from './EqualClasses.js';
import type { SortPass } from './SlicedSort.js';
import type { SortScratch } from './SortScratch.js';

const TWO_53 = 2 ** 53;

/**
 * An exact integer column: the number (written to `approx` by position), and whether it is the exact
 * value (below 2^53). `compare` orders two positions by their keys; `compareTied` does when their
 * numbers are known to be equal (`approx` may then be the sort keys, which the sort moves).
 */
export function bigintColumn<T>(
  items: readonly T[],
  get: (item: T) => bigint,
  approx: Float64Array,
  scratch: SortScratch,
  name: string,
): {
  pass: SortPass;
  compare: (i: number, j: number) => number;
  compareTied: (i: number, j: number) => number;
} {
  const n = items.length;
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
          const key = get(items[i] as T);
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
