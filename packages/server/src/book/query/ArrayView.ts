import type { Probe } from '../index/SortedView.js';
import type { BookOrder } from '../model/BookOrder.js';
import type { BookView } from './BookView.js';

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

/** A view of no orders. */
export const EMPTY_VIEW: BookView = new ArrayView([]);
