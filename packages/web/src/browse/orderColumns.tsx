import Tooltip from '@mui/material/Tooltip';
import type { GridColDef } from '@mui/x-data-grid';
import type { OrderRecord } from '@relayer/protocol';
import type { OrderRow, TokenCell } from '../shared/order/toOrderRow';
import { AmountCell } from './AmountCell';
import { PriceCell } from './PriceCell';
import { RowActions, type RowActionsProps } from './RowActions';

export type ColumnContext = Omit<RowActionsProps, 'order'> & { marketCurrency: string };

function TokenLabel({ token }: { token: TokenCell }) {
  return (
    <Tooltip title={token.known ? token.address : `Unknown token ${token.address}`}>
      <span>{token.label}</span>
    </Tooltip>
  );
}

/**
 * SPEC §2's columns. Price columns are not sortable; the others sort on the server (the grid's field
 * names are the keys of `sortFieldByColumn`).
 */
export function orderColumns(context: ColumnContext): GridColDef<OrderRow>[] {
  const { marketCurrency, ...actions } = context;
  const common = { flex: 1, minWidth: 100, filterable: false, disableColumnMenu: true } as const;
  return [
    { ...common, field: 'marketPrice', headerName: `Market Price (${marketCurrency})`, sortable: false },
    {
      ...common,
      field: 'askingPrice',
      headerName: `Asking Price (${marketCurrency})`,
      sortable: false,
      minWidth: 130,
      renderCell: ({ row }) => <PriceCell price={row.askingPrice} priceClass={row.priceClass} />,
    },
    {
      ...common,
      field: 'makerToken',
      headerName: 'Maker Token',
      renderCell: ({ row }) => <TokenLabel token={row.makerToken} />,
    },
    { ...common, field: 'makerFee', headerName: 'Maker Fee' },
    {
      ...common,
      field: 'makerTokenAmount',
      headerName: 'Maker Amount',
      minWidth: 120,
      renderCell: ({ row }) => <AmountCell amount={row.makerAmount} symbol={row.makerToken.label} />,
    },
    {
      ...common,
      field: 'takerToken',
      headerName: 'Taker Token',
      renderCell: ({ row }) => <TokenLabel token={row.takerToken} />,
    },
    { ...common, field: 'takerFee', headerName: 'Taker Fee' },
    {
      ...common,
      field: 'takerTokenAmount',
      headerName: 'Taker Amount',
      minWidth: 120,
      renderCell: ({ row }) => <AmountCell amount={row.takerAmount} symbol={row.takerToken.label} />,
    },
    {
      ...common,
      field: 'actions',
      headerName: '',
      sortable: false,
      minWidth: 170,
      renderCell: ({ row }) => <RowActions order={row.order as OrderRecord} {...actions} />,
    },
  ];
}
