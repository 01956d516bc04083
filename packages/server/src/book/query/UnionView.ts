import type { Probe, SortedView } from '../index/SortedView.js';
import type { BookOrder } from '../model/BookOrder.js';
import type { BookView } from './BookView.js';

/**
 * Several disjoint indexes of one order read as one (a token's pairs, the verified pairs): sizes add up, a keyset page
 * merges each index's next orders, and the order at a position is found by bisecting `all` (the
 * whole book in the same order) on how many of the union's orders sort up to each of its orders:
 * O(parts · log² n), where reading the union from its start would cost the whole offset.
 */
export class UnionView implements BookView {
  readonly size: number;

  constructor(
    private readonly parts: readonly SortedView<BookOrder>[],
    private readonly all: SortedView<BookOrder>,
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

  #merge(start: (part: SortedView<BookOrder>) => number, step: 1 | -1, limit: number): BookOrder[] {
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
