import { DataGrid, type GridSortModel } from '@mui/x-data-grid';
import { useMemo } from 'react';
import type { OrderRow } from '../shared/order/toOrderRow';
import { type ColumnContext, orderColumns } from './orderColumns';

export interface OrdersGridProps extends ColumnContext {
  rows: OrderRow[];
  total: number;
  loading: boolean;
  page: number;
  pageSize: number;
  pageSizeOptions: readonly number[];
  sortModel: GridSortModel;
  emptyText: string;
  onPage(page: number, pageSize: number): void;
  onSort(model: GridSortModel): void;
}

/** The MUI X DataGrid with server-side paging and sorting; split out so the grid loads lazily. */
export default function OrdersGrid(props: OrdersGridProps) {
  const { rows, total, loading, page, pageSize, pageSizeOptions, sortModel, emptyText, onPage, onSort } =
    props;
  const { account, onTake, onCancel, marketCurrency, maxAgeMs, priceSortable } = props;
  const columns = useMemo(
    () => orderColumns({ account, onTake, onCancel, marketCurrency, maxAgeMs, priceSortable }),
    [account, onTake, onCancel, marketCurrency, maxAgeMs, priceSortable],
  );
  return (
    <DataGrid
      aria-label="Orders"
      rows={rows}
      columns={columns}
      rowCount={total}
      loading={loading}
      paginationMode="server"
      sortingMode="server"
      sortingOrder={['asc', 'desc']}
      paginationModel={{ page, pageSize }}
      onPaginationModelChange={(model) => onPage(model.page, model.pageSize)}
      pageSizeOptions={[...pageSizeOptions]}
      sortModel={sortModel}
      onSortModelChange={onSort}
      disableColumnFilter
      disableRowSelectionOnClick
      autoHeight
      // Cells carry a second line (a price's age, the judgement, the reservation): rows grow to fit.
      getRowHeight={() => 'auto'}
      localeText={{ noRowsLabel: emptyText }}
      // Two-line headers: 'Asking Price ($USD)' and the sort arrow do not fit a 120 px column on one line.
      columnHeaderHeight={64}
      sx={{
        '& .MuiDataGrid-columnHeaderTitle': { whiteSpace: 'normal', lineHeight: 1.25 },
        '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center', py: 0.5 },
      }}
    />
  );
}
