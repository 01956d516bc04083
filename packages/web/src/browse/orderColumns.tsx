import type { OrderRecord } from '@relayer/protocol';
import type { ReactNode } from 'react';
import type { OrderRow } from '../shared/order/toOrderRow';
import { TokenLabel } from '../tokens/trust/TokenLabel';
import { AmountCell } from './AmountCell';
import { ExpiresCell } from './ExpiresCell';
import { isSortableColumn, type SortableColumn } from './ordersQueryState';
import { AskingPriceCell, MarketPriceCell } from './PriceCells';
import { RowActions, type RowActionsProps } from './RowActions';
import { rowSymbol } from './rowSymbol';
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
    ...sideColumns('maker'),
    ...sideColumns('taker'),
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

/** One side's token, fee and amount columns ("Maker Token", "Maker Fee", "Maker Amount"). */
function sideColumns(side: 'maker' | 'taker'): Omit<OrderColumn, 'sortField'>[] {
  const name = side === 'maker' ? 'Maker' : 'Taker';
  const token = side === 'maker' ? 'makerToken' : 'takerToken';
  const fee = side === 'maker' ? 'makerFee' : 'takerFee';
  const amount = side === 'maker' ? 'makerAmount' : 'takerAmount';
  return [
    {
      field: token,
      headerName: `${name} Token`,
      render: (row) => <TokenLabel address={row[token].address} token={row[token].token} />,
    },
    { field: fee, headerName: `${name} Fee`, noWrap: true, render: (row) => row[fee] },
    {
      field: `${side}TokenAmount`,
      headerName: `${name} Amount`,
      render: (row) => <AmountCell amount={row[amount]} symbol={rowSymbol(row, token)} />,
    },
  ];
}
