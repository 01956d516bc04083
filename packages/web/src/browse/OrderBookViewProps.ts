import type { OrderRow } from '../shared/order/toOrderRow';
import type { ColumnContext } from './orderColumns';
import type { SortableColumn } from './ordersQueryState';

/** What the book's two layouts (the table, the phone's cards) both show and do. */
export interface OrderBookViewProps extends ColumnContext {
  rows: OrderRow[];
  total: number;
  loading: boolean;
  /** Zero-based. */
  page: number;
  pageSize: number;
  pageSizeOptions: readonly number[];
  sort: SortableColumn;
  direction: 'asc' | 'desc';
  emptyText: string;
  onPage(page: number, pageSize: number): void;
  /** Whether the book may sort by this column (price columns not when the app reads its own ticker). */
  sortable(field: SortableColumn): boolean;
  onSort(field: SortableColumn, direction: 'asc' | 'desc'): void;
}
