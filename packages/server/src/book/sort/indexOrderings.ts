import type { BookOrder } from '../model/BookOrder.js';
import { compareBookOrder, compareSraPrice, SORT_ORDERINGS, type StoredSortField } from './bookOrderings.js';
import type { BulkOrdering } from './bookSortPlan.js';

/** The orders a book keeps indexes in: each stored sort field, and a pair's two price orders. */
export type IndexName = StoredSortField | 'book' | 'byPrice';

/** The comparator of an index. */
export const compareOf = (name: IndexName): ((a: BookOrder, b: BookOrder) => number) =>
  name === 'book' ? compareBookOrder : name === 'byPrice' ? compareSraPrice : SORT_ORDERINGS[name].compare;

/** The bulk sort that gives an index's comparator's order. */
export const bulkOrderingOf = (name: IndexName): BulkOrdering =>
  name === 'book'
    ? { kind: 'book' }
    : name === 'byPrice'
      ? { kind: 'price' }
      : { kind: 'key', key: SORT_ORDERINGS[name].key };
