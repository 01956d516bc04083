import { SortScratch } from './SortScratch.js';

/**
 * Sorting many items in slices: a merge sort that does a bounded amount of work per `step()`, so a
 * background job can sort 1,000,000 items without holding the event loop for more than a few
 * milliseconds at a time (a native sort cannot be interrupted).
 *
 * It knows nothing of what it sorts. A plan (`SortPlan`) reads each item's key once into a Float64Array
 * (a number that orders like the key), and the merge moves the numbers along with the positions,
 * comparing them in sequence; only when two numbers cannot tell (equal, or within the plan's relative
 * `slack`) does it ask the plan's exact comparison of the two positions. So the result is exactly the
 * order of that exact comparison, whatever order the items come in.
 */

/** Items sorted by insertion before merging. */
const RUN = 16;
/** Items per unit of work (`step`): a pass over this many items, or merging this many. */
export const SORT_CHUNK = 4096;

/** A pass over positions [0, length) before sorting, done `chunk` positions at a time. */
export interface SortPass {
  length: number;
  run(from: number, to: number): void;
}

/** How a SlicedSort orders its items. */
export interface SortPlan {
  /** Run in turn before the merge: between them they write every position's key to the sort's `keys`. */
  readonly passes: readonly SortPass[];
  /** Relative distance under which two keys are not trusted to order their items (0: only equal keys). */
  readonly slack: number;
  /** The exact order of two positions whose keys cannot tell: never 0 for i !== j. */
  readonly exact: (i: number, j: number) => number;
}

export interface SlicedSortOptions<T> {
  readonly items: readonly T[];
  /** The plan, made over the sort's keys (by position until the merge starts). */
  readonly plan: (keys: Float64Array) => SortPlan;
  /** Items per `step` (tests make it tiny). */
  readonly chunk?: number;
  /** Arrays shared with the sorts before and after this one. */
  readonly scratch?: SortScratch;
}

export class SlicedSort<T> {
  readonly #items: readonly T[];
  readonly #n: number;
  readonly #chunk: number;
  readonly #passes: readonly SortPass[];
  #pass = 0;
  #at = 0;
  /** The sort keys, by position until the sort starts (then moved with the positions). */
  #keys: Float64Array;
  #pos: Uint32Array;
  #keys2: Float64Array;
  #pos2: Uint32Array;
  readonly #slack: number;
  readonly #exact: (i: number, j: number) => number;
  #phase: 'passes' | 'runs' | 'merge' | 'output' | 'done' = 'passes';
  #width = RUN;
  #mid = 0;
  #hi = 0;
  #i = 0;
  #j = 0;
  #k = 0;
  #result: T[] = [];

  constructor(options: SlicedSortOptions<T>) {
    const { items } = options;
    const scratch = options.scratch ?? new SortScratch();
    const n = items.length;
    this.#items = items;
    this.#n = n;
    this.#chunk = Math.max(1, options.chunk ?? SORT_CHUNK);
    this.#keys = scratch.f64('keys', n);
    const pos = scratch.u32('pos', n);
    this.#pos = pos;
    this.#keys2 = scratch.f64('keys2', n);
    this.#pos2 = scratch.u32('pos2', n);
    const plan = options.plan(this.#keys);
    const positions: SortPass = {
      length: n,
      run(from, to) {
        for (let i = from; i < to; i++) pos[i] = i;
      },
    };
    this.#passes = [positions, ...plan.passes];
    this.#slack = plan.slack;
    this.#exact = plan.exact;
  }

  /** Whether the sort is done (`result` is ready). */
  get done(): boolean {
    return this.#phase === 'done';
  }

  /** The items in the plan's order, once `step()` returned false. */
  get result(): T[] {
    if (this.#phase !== 'done') throw new Error('SlicedSort: not sorted yet');
    return this.#result;
  }

  /** The input positions of `result`'s orders (the result's k-th order is the input's positions[k]-th). */
  get positions(): Uint32Array {
    if (this.#phase !== 'done') throw new Error('SlicedSort: not sorted yet');
    return this.#pos;
  }

  /** Does one unit of work (about `chunk` items' worth); false once the result is ready. */
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
  finish(): T[] {
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
      this.#result = new Array<T>(n);
    }
    const to = Math.min(n, this.#at + this.#chunk * 4);
    const pos = this.#pos;
    const items = this.#items;
    const result = this.#result;
    for (let k = this.#at; k < to; k++) result[k] = items[pos[k] as number] as T;
    this.#at = to;
    if (to >= n) {
      this.#phase = 'done';
      return false;
    }
    return true;
  }
}
