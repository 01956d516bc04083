import type { Probe, SortedView } from '../index/SortedView.js';
import type { BookOrder } from '../model/BookOrder.js';
import type { BookView } from './BookView.js';

/** One index, as it is: every read O(log n + limit). */
export class IndexView implements BookView {
  constructor(private readonly index: SortedView<BookOrder>) {}

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
