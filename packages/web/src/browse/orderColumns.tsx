import type { GridColDef } from '@mui/x-data-grid';
import type { OrderRecord } from '@relayer/protocol';
import type { OrderRow } from '../shared/order/toOrderRow';
import { displaySymbol } from '../tokens/trust/displaySymbol';
import { TokenLabel } from '../tokens/trust/TokenLabel';
import { trustAddress } from '../tokens/trust/trustAddress';
import { AmountCell } from './AmountCell';
import { ExpiresCell } from './ExpiresCell';
import { AskingPriceCell, MarketPriceCell } from './PriceCells';
import { RowActions, type RowActionsProps } from './RowActions';
import { StatusCell } from './StatusCell';

export type ColumnContext = Omit<RowActionsProps, 'order'> & {
  marketCurrency: string;
  /** Age beyond which a price is stale. */
  maxAgeMs: number;
  /** The price columns sort on the server (not when the app reads a ticker the relayer does not). */
  priceSortable: boolean;
};

/**
 * SPEC §2's columns, plus when the order expires and how much of it would fill. The minimum widths
 * add up to what a 1200 px page holds (1144 of 1152 px), so nothing scrolls sideways on a desktop. Each sorts on the
 * server (the grid's field names are the keys of `sortFieldByColumn`): amounts by their human value,
 * prices by the relayer's USD prices.
 */
export function orderColumns(context: ColumnContext): GridColDef<OrderRow>[] {
  const { marketCurrency, maxAgeMs, priceSortable, ...actions } = context;
  const common = { flex: 1, minWidth: 100, filterable: false, disableColumnMenu: true } as const;
  const symbolOf = (row: OrderRow, side: 'makerToken' | 'takerToken') => {
    const { token, address } = row[side];
    return token ? displaySymbol(token) : trustAddress(address);
  };
  return [
    {
      ...common,
      field: 'marketPrice',
      minWidth: 100,
      headerName: `Market Price (${marketCurrency})`,
      sortable: priceSortable,
      renderCell: ({ row }) => <MarketPriceCell row={row} maxAgeMs={maxAgeMs} />,
    },
    {
      ...common,
      field: 'askingPrice',
      minWidth: 130,
      headerName: `Asking Price (${marketCurrency})`,
      sortable: priceSortable,
      renderCell: ({ row }) => <AskingPriceCell row={row} maxAgeMs={maxAgeMs} />,
    },
    {
      ...common,
      field: 'makerToken',
      headerName: 'Maker Token',
      minWidth: 112,
      renderCell: ({ row }) => <TokenLabel address={row.makerToken.address} token={row.makerToken.token} />,
    },
    { ...common, field: 'makerFee', headerName: 'Maker Fee', minWidth: 80 },
    {
      ...common,
      field: 'makerTokenAmount',
      headerName: 'Maker Amount',
      minWidth: 92,
      renderCell: ({ row }) => <AmountCell amount={row.makerAmount} symbol={symbolOf(row, 'makerToken')} />,
    },
    {
      ...common,
      field: 'takerToken',
      headerName: 'Taker Token',
      minWidth: 112,
      renderCell: ({ row }) => <TokenLabel address={row.takerToken.address} token={row.takerToken.token} />,
    },
    { ...common, field: 'takerFee', headerName: 'Taker Fee', minWidth: 80 },
    {
      ...common,
      field: 'takerTokenAmount',
      headerName: 'Taker Amount',
      minWidth: 92,
      renderCell: ({ row }) => <AmountCell amount={row.takerAmount} symbol={symbolOf(row, 'takerToken')} />,
    },
    {
      ...common,
      field: 'expires',
      headerName: 'Expires',
      minWidth: 92,
      renderCell: ({ row }) => <ExpiresCell expires={row.expires} />,
    },
    {
      ...common,
      field: 'status',
      headerName: 'Fillable',
      sortable: false,
      minWidth: 118,
      renderCell: ({ row }) => <StatusCell row={row} />,
    },
    {
      ...common,
      field: 'actions',
      headerName: '',
      sortable: false,
      minWidth: 136,
      renderCell: ({ row }) => <RowActions order={row.order as OrderRecord} {...actions} />,
    },
  ];
}
