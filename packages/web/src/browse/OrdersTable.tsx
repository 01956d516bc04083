import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Address, OrderRecord } from '@relayer/protocol';
import { useEffect, useMemo, useState } from 'react';
import { useWebConfig } from '../config/useWebConfig';
import { describeError } from '../errors/userMessages';
import { useChainNow } from '../network/useChainNow';
import { useNetworkInfo } from '../network/useNetworkInfo';
import { useRates } from '../prices/useRates';
import { toOrderRow } from '../shared/order/toOrderRow';
import { useNow } from '../shared/time/useNow';
import { useTokens } from '../tokens/useTokens';
import { useWallet } from '../wallet/useWallet';
import { OrderBookTable } from './OrderBookTable';
import { OrderCards } from './OrderCards';
import {
  initialOrdersQueryState,
  PAGE_SIZE_OPTIONS,
  PRICE_COLUMNS,
  rememberCursors,
  type SortableColumn,
  toOrdersRequest,
  withFilters,
  withPage,
  withSort,
  withUnverified,
} from './ordersQueryState';
import { UnverifiedToggle } from './UnverifiedToggle';
import { useBookAsCards } from './useBookAsCards';
import { useIncludeUnverified } from './useIncludeUnverified';
import { useOrders } from './useOrders';

export interface OrdersTableProps {
  makerTokenAddress?: Address;
  takerTokenAddress?: Address;
  onTake(order: OrderRecord): void;
  /** Offered on the connected maker's own orders. */
  onCancel(order: OrderRecord): void;
}

/**
 * The paged order book (SPEC §2): server-side paging and sorting, filtered by the chosen tokens, of
 * verified tokens unless the trader shows the others. A table on wide screens, cards with the same
 * content and actions where the table's columns would not fit (useBookAsCards).
 */
export function OrdersTable({ makerTokenAddress, takerTokenAddress, onTake, onCancel }: OrdersTableProps) {
  const [includeUnverified, setIncludeUnverified] = useIncludeUnverified();
  const [stored, setState] = useState(() =>
    initialOrdersQueryState({ makerTokenAddress, takerTokenAddress, includeUnverified }),
  );
  // New token choices reload from page 1 in the same render, so no request goes out for stale filters.
  const state = withUnverified(withFilters(stored, makerTokenAddress, takerTokenAddress), includeUnverified);
  if (state !== stored) setState(state);

  const orders = useOrders(toOrdersRequest(state));
  const { byAddress } = useTokens();
  const { book, tokenPrice } = useRates();
  const networkInfo = useNetworkInfo();
  const wallet = useWallet();
  const { config } = useWebConfig();
  const cards = useBookAsCards();
  const now = useNow();
  const nowSec = useChainNow();
  // Prices sort by the relayer's own; a ticker read by the app itself may disagree with them.
  const priceSortable = !config.tickerUrl;
  const sortable = (field: SortableColumn) => priceSortable || !PRICE_COLUMNS.has(field);

  const { data, isPlaceholderData } = orders;
  useEffect(() => {
    if (data && !isPlaceholderData) setState((current) => rememberCursors(current, data));
  }, [data, isPlaceholderData]);

  const zrxDecimals = networkInfo ? byAddress.get(networkInfo.zrx)?.decimals : undefined;
  const maxAgeMs = book?.maxAgeMs ?? 1;
  const rows = useMemo(
    () =>
      (data?.orders ?? []).map((order) =>
        toOrderRow(order, {
          byAddress,
          prices: book ? { tokenPrice, maxAgeMs: book.maxAgeMs } : undefined,
          zrxDecimals,
          now,
          nowSec,
          account: wallet.address,
        }),
      ),
    [data, byAddress, book, tokenPrice, zrxDecimals, now, nowSec, wallet.address],
  );
  const filtered = Boolean(makerTokenAddress || takerTokenAddress);
  const emptyText = filtered
    ? 'No open orders for these tokens yet - make one'
    : 'No open orders yet - choose two tokens and make one';

  const view = {
    rows,
    total: data?.total ?? 0,
    loading: orders.isFetching,
    page: state.page,
    pageSize: state.pageSize,
    pageSizeOptions: PAGE_SIZE_OPTIONS,
    sort: state.sort,
    direction: state.direction,
    emptyText,
    onPage: (page: number, pageSize: number) => setState((current) => withPage(current, page, pageSize)),
    account: wallet.address,
    onTake,
    onCancel,
    marketCurrency: 'USD' as const,
    maxAgeMs,
    sortable,
    onSort: (field: SortableColumn, direction: 'asc' | 'desc') =>
      setState((current) => withSort(current, field, direction)),
  };
  return (
    <Stack spacing={1}>
      <UnverifiedToggle checked={includeUnverified} onChange={setIncludeUnverified} />
      {orders.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => orders.refetch()}>
              Retry
            </Button>
          }
        >
          Could not load the orders: {describeError(orders.error)}
        </Alert>
      )}
      {cards ? <OrderCards {...view} /> : <OrderBookTable {...view} />}
    </Stack>
  );
}
