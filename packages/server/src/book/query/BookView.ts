import type { Probe } from '../index/SortedView.js';
import type { BookOrder } from '../model/BookOrder.js';

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
