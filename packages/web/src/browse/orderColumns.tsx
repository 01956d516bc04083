import type { OrderRecord } from '@relayer/protocol';
import type { ReactNode } from 'react';
import type { OrderRow } from '../shared/order/toOrderRow';
import { displaySymbol } from '../tokens/trust/displaySymbol';
import { TokenLabel } from '../tokens/trust/TokenLabel';
import { trustAddress } from '../tokens/trust/trustAddress';
import { AmountCell } from './AmountCell';
import { ExpiresCell } from './ExpiresCell';
import { isSortableColumn, type SortableColumn } from './ordersQueryState';
import { AskingPriceCell, MarketPriceCell } from './PriceCells';
import { RowActions, type RowActionsProps } from './RowActions';
import { StatusCell } from './StatusCell';

export type ColumnContext = Omit<RowActionsProps, 'order'> & {
  marketCurrency: string;
  /** Age beyond which a price is stale. */
  maxAgeMs: number;
};

/** One column of the book's table: its header, the server's sort key when it has one, and its cell. */
export interface OrderColumn {
  field: string;
  headerName: string;
  /** Set on the columns the relayer sorts by (the keys of `sortFieldByColumn`). */
  sortField?: SortableColumn;
  /** Keeps the header on one line ("Maker Fee" never wraps or is cut). */
  noWrap?: boolean;
  render(row: OrderRow): ReactNode;
}

const sortFieldOf = (field: string) => (isSortableColumn(field) ? field : undefined);

/**
 * SPEC §2's columns, plus when the order expires and how much of it would fill, and the row's actions
 * (a header of their own, for screen readers). Each data column but Fillable sorts on the server:
 * amounts by their human value, prices by the relayer's USD prices.
 */
export function orderColumns(context: ColumnContext): OrderColumn[] {
  const { marketCurrency, maxAgeMs, ...actions } = context;
  const symbolOf = (row: OrderRow, side: 'makerToken' | 'takerToken') => {
    const { token, address } = row[side];
    return token ? displaySymbol(token) : trustAddress(address);
  };
  const columns: Omit<OrderColumn, 'sortField'>[] = [
    {
      field: 'marketPrice',
      headerName: `Market Price (${marketCurrency})`,
      render: (row) => <MarketPriceCell row={row} maxAgeMs={maxAgeMs} />,
    },
    {
      field: 'askingPrice',
      headerName: `Asking Price (${marketCurrency})`,
      render: (row) => <AskingPriceCell row={row} maxAgeMs={maxAgeMs} />,
    },
    {
      field: 'makerToken',
      headerName: 'Maker Token',
      render: (row) => <TokenLabel address={row.makerToken.address} token={row.makerToken.token} />,
    },
    { field: 'makerFee', headerName: 'Maker Fee', noWrap: true, render: (row) => row.makerFee },
    {
      field: 'makerTokenAmount',
      headerName: 'Maker Amount',
      render: (row) => <AmountCell amount={row.makerAmount} symbol={symbolOf(row, 'makerToken')} />,
    },
    {
      field: 'takerToken',
      headerName: 'Taker Token',
      render: (row) => <TokenLabel address={row.takerToken.address} token={row.takerToken.token} />,
    },
    { field: 'takerFee', headerName: 'Taker Fee', noWrap: true, render: (row) => row.takerFee },
    {
      field: 'takerTokenAmount',
      headerName: 'Taker Amount',
      render: (row) => <AmountCell amount={row.takerAmount} symbol={symbolOf(row, 'takerToken')} />,
    },
    {
      field: 'expires',
      headerName: 'Expires',
      render: (row) => <ExpiresCell expires={row.expires} />,
    },
    { field: 'status', headerName: 'Fillable', render: (row) => <StatusCell row={row} /> },
    {
      field: 'actions',
      headerName: 'Actions',
      render: (row) => <RowActions order={row.order as OrderRecord} {...actions} />,
    },
  ];
  return columns.map((column) => {
    const sortField = sortFieldOf(column.field);
    return sortField ? { ...column, sortField } : column;
  });
}
