import { SlicedSort } from '../index/SlicedSort.js';
import { SortScratch } from '../index/SortScratch.js';
import type { BookOrder } from '../model/BookOrder.js';
import { type BulkOrdering, bookSortPlan } from './bookSortPlan.js';

export interface OrderSortOptions {
  readonly ordering: BulkOrdering;
  /** Orders per unit of work (see SlicedSort). */
  readonly chunk?: number;
  /** The orders come in strictly ascending hash order (see bookSortPlan). */
  readonly inHashOrder?: boolean;
  readonly scratch?: SortScratch;
}

/** A SlicedSort of orders into one of the indexes' orders (a rebuild's background sorts). */
export function sliceOrders(orders: readonly BookOrder[], options: OrderSortOptions): SlicedSort<BookOrder> {
  const scratch = options.scratch ?? new SortScratch();
  const plan = bookSortPlan({
    orders,
    ordering: options.ordering,
    inHashOrder: options.inHashOrder ?? false,
    scratch,
  });
  return new SlicedSort({
    items: orders,
    plan,
    scratch,
    ...(options.chunk === undefined ? {} : { chunk: options.chunk }),
  });
}

/** The orders sorted at once (in any input order): what an index a request needs now is built from. */
export function sortOrders(orders: readonly BookOrder[], ordering: BulkOrdering): BookOrder[] {
  return sliceOrders(orders, { ordering }).finish();
}
