import type { PendingItems } from './PendingItems.js';
import type { Probe, SortedView } from './SortedView.js';
import { selectBest } from './selectBest.js';

/** Whether the first `k` of `n` items are cheaper to select than to sort (the index is then left to the background). */
const selectable = (k: number, n: number) => k * 4 <= n;

/** Where a LazyIndex finds its index, or the items it is to hold until it is built. */
export interface LazySource<T> {
  /** The index, once built. */
  built(): SortedView<T> | undefined;
  /** Builds the index now (a read that needs all of it). */
  build(): SortedView<T>;
  /** The items the index is to hold, while it is not built. */
  pending(): PendingItems<T>;
}

export interface LazyIndexOptions<T> {
  readonly compare: (a: T, b: T) => number;
  readonly source: LazySource<T>;
}

/**
 * A sorted view of an index that may not be built yet: once it is, every call goes to it; until then
 * it answers from the unsorted items without sorting them all. A page (the first or last `k` in
 * order, small against the size) is one pass over the items with a heap of `k` (O(n log k)); a keyset
 * page (`countBefore` then `slice` from that count, as the query views call them) counts in one pass
 * and selects the next items after the cursor in another. Anything else (a walk, a position deep in
 * the middle) builds the index there and then. It only reads: changes go to the index's owner.
 */
export class LazyIndex<T> implements SortedView<T> {
  readonly #compare: (a: T, b: T) => number;
  readonly #source: LazySource<T>;
  /** The last `countBefore`: a `slice` from its count reads the items after its probe. */
  #memo: { probe: Probe<T>; inclusive: boolean; count: number; version: number } | undefined;

  constructor(options: LazyIndexOptions<T>) {
    this.#compare = options.compare;
    this.#source = options.source;
  }

  get size(): number {
    return this.#source.built()?.size ?? this.#source.pending().size;
  }

  at(index: number): T | undefined {
    const live = this.#source.built();
    if (live) return live.at(index);
    const n = this.size;
    if (index < 0 || index >= n) return undefined;
    if (selectable(index + 1, n)) return this.#select(index + 1, 1)[index];
    if (selectable(n - index, n)) return this.#select(n - index, -1)[n - 1 - index];
    return this.#source.build().at(index);
  }

  countBefore(probe: Probe<T>, inclusive = false): number {
    const live = this.#source.built();
    if (live) return live.countBefore(probe, inclusive);
    const pending = this.#source.pending();
    let count = 0;
    pending.forEach((item) => {
      const side = probe(item);
      if (side < 0 || (inclusive && side === 0)) count++;
    });
    this.#memo = { probe, inclusive, count, version: pending.log.length };
    return count;
  }

  walk(index: number, step: 1 | -1, visit: (item: T) => boolean | undefined): void {
    (this.#source.built() ?? this.#source.build()).walk(index, step, visit);
  }

  slice(index: number, step: 1 | -1, limit: number): T[] {
    const memo = this.#memo;
    this.#memo = undefined;
    const live = this.#source.built();
    if (live) return live.slice(index, step, limit);
    const pending = this.#source.pending();
    if (limit <= 0) return [];
    // The items at positions count.. are those after the probe (before-or-at it, inclusive), in order.
    if (memo && memo.version === pending.log.length) {
      const { probe, inclusive } = memo;
      if (step === 1 && index === memo.count) {
        return this.#select(limit, 1, inclusive ? (o) => probe(o) > 0 : (o) => probe(o) >= 0);
      }
      if (step === -1 && index === memo.count - 1) {
        return this.#select(limit, -1, inclusive ? (o) => probe(o) <= 0 : (o) => probe(o) < 0);
      }
    }
    const n = pending.size;
    if (index < 0 || index >= n) return [];
    if (step === 1) {
      const k = Math.min(n, index + limit);
      if (selectable(k, n)) return this.#select(k, 1).slice(index);
    } else {
      const k = n - Math.max(0, index - limit + 1);
      if (selectable(k, n)) return this.#select(k, -1).slice(n - 1 - index);
    }
    return this.#source.build().slice(index, step, limit);
  }

  /** The first `k` items (of those `keep` accepts) ascending (`direction` 1) or the last `k` descending. */
  #select(k: number, direction: 1 | -1, keep?: (item: T) => boolean): T[] {
    const order = this.#compare;
    const compare = direction === 1 ? order : (a: T, b: T) => order(b, a);
    const pending = this.#source.pending();
    return selectBest({ forEach: (visit) => pending.forEach(visit), k, compare, keep });
  }
}
