import type { BookOrder } from './BookOrder.js';
import type { OrderedIndex, Probe } from './OrderedIndex.js';

/**
 * Some orders of a book in one order: what a page is read from. Positions count in that order
 * (ascending); `step` -1 reads it backwards (a descending sort, or the page before a cursor).
 */
export interface BookView {
  readonly size: number;
  /** Up to `limit` orders from position `index` on, in the direction of `step`. */
  slice(index: number, step: 1 | -1, limit: number): BookOrder[];
  /** Up to `limit` orders strictly after (`step` 1) or before (`step` -1) the probe's target. */
  sliceFrom(probe: Probe<BookOrder>, step: 1 | -1, limit: number): BookOrder[];
}

/** One index, as it is: every read O(log n + limit). */
export class IndexView implements BookView {
  constructor(private readonly index: OrderedIndex<BookOrder>) {}

  get size(): number {
    return this.index.size;
  }

  slice(index: number, step: 1 | -1, limit: number): BookOrder[] {
    return this.index.slice(index, step, limit);
  }

  sliceFrom(probe: Probe<BookOrder>, step: 1 | -1, limit: number): BookOrder[] {
    const start = step === 1 ? this.index.countBefore(probe, true) : this.index.countBefore(probe) - 1;
    return this.index.slice(start, step, limit);
  }
}

/** Orders already sorted in an array (a small group, filtered and sorted for one request). */
export class ArrayView implements BookView {
  constructor(private readonly sorted: readonly BookOrder[]) {}

  get size(): number {
    return this.sorted.length;
  }

  slice(index: number, step: 1 | -1, limit: number): BookOrder[] {
    if (index < 0 || index >= this.sorted.length || limit <= 0) return [];
    if (step === 1) return this.sorted.slice(index, index + limit);
    return this.sorted.slice(Math.max(0, index - limit + 1), index + 1).reverse();
  }

  sliceFrom(probe: Probe<BookOrder>, step: 1 | -1, limit: number): BookOrder[] {
    let low = 0;
    let high = this.sorted.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const side = probe(this.sorted[mid] as BookOrder);
      if (side < 0 || (step === 1 && side === 0)) low = mid + 1;
      else high = mid;
    }
    return this.slice(step === 1 ? low : low - 1, step, limit);
  }
}

/**
 * Several disjoint indexes of one order read as one (a token's pairs, the verified pairs): sizes add up, a keyset page
 * merges each index's next orders, and the order at a position is found by bisecting `all` (the
 * whole book in the same order) on how many of the union's orders sort up to each of its orders:
 * O(parts · log² n), where reading the union from its start would cost the whole offset.
 */
export class UnionView implements BookView {
  readonly size: number;

  constructor(
    private readonly parts: readonly OrderedIndex<BookOrder>[],
    private readonly all: OrderedIndex<BookOrder>,
    private readonly compare: (a: BookOrder, b: BookOrder) => number,
  ) {
    this.size = parts.reduce((sum, part) => sum + part.size, 0);
  }

  slice(index: number, step: 1 | -1, limit: number): BookOrder[] {
    if (index < 0 || index >= this.size || limit <= 0) return [];
    // Either end (a first page, the default view) is each part's own end: no bisection.
    if (index === 0 && step === 1) return this.#merge(() => 0, 1, limit);
    if (index === this.size - 1 && step === -1) return this.#merge((part) => part.size - 1, -1, limit);
    const target = this.#at(index);
    const probe: Probe<BookOrder> = (order) => this.compare(order, target);
    // The target itself starts the page: strictly after what precedes it, or before what follows it.
    return this.#merge(
      (part) => (step === 1 ? part.countBefore(probe) : part.countBefore(probe, true) - 1),
      step,
      limit,
    );
  }

  sliceFrom(probe: Probe<BookOrder>, step: 1 | -1, limit: number): BookOrder[] {
    if (limit <= 0) return [];
    return this.#merge(
      (part) => (step === 1 ? part.countBefore(probe, true) : part.countBefore(probe) - 1),
      step,
      limit,
    );
  }

  /** The order at `index` of the union. */
  #at(index: number): BookOrder {
    // The smallest position p in `all` up to whose order (inclusive) the union holds index + 1 orders.
    let low = 0;
    let high = this.all.size - 1;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const order = this.all.at(mid) as BookOrder;
      const probe: Probe<BookOrder> = (item) => this.compare(item, order);
      let upTo = 0;
      for (const part of this.parts) upTo += part.countBefore(probe, true);
      if (upTo >= index + 1) high = mid;
      else low = mid + 1;
    }
    return this.all.at(low) as BookOrder;
  }

  #merge(start: (part: OrderedIndex<BookOrder>) => number, step: 1 | -1, limit: number): BookOrder[] {
    const runs = this.parts.map((part) => part.slice(start(part), step, limit)).filter((run) => run.length);
    if (runs.length === 1) return runs[0] as BookOrder[];
    const heads = runs.map(() => 0);
    const out: BookOrder[] = [];
    while (out.length < limit) {
      let best = -1;
      for (let r = 0; r < runs.length; r++) {
        const candidate = (runs[r] as BookOrder[])[heads[r] as number];
        if (candidate === undefined) continue;
        const current = best < 0 ? undefined : (runs[best] as BookOrder[])[heads[best] as number];
        if (current === undefined || this.compare(candidate, current) * step < 0) best = r;
      }
      if (best < 0) break;
      out.push((runs[best] as BookOrder[])[heads[best] as number] as BookOrder);
      heads[best] = (heads[best] as number) + 1;
    }
    return out;
  }
}

/** Nothing: a filter no open order matches. */
export const EMPTY_VIEW: BookView = new ArrayView([]);
