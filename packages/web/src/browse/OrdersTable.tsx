import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { GridSortModel } from '@mui/x-data-grid';
import type { Address, OrderRecord } from '@relayer/protocol';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { useWebConfig } from '../config/useWebConfig';
import { describeError } from '../errors/userMessages';
import { useChainNow } from '../network/useChainNow';
import { useNetworkInfo } from '../network/useNetworkInfo';
import { useRates } from '../prices/useRates';
import { useNarrowScreen } from '../shared/layout/narrowScreen';
import { toOrderRow } from '../shared/order/toOrderRow';
import { useNow } from '../shared/time/useNow';
import { useTokens } from '../tokens/useTokens';
import { useWallet } from '../wallet/useWallet';
import { LazyOrdersGrid as OrdersGrid } from './LazyOrdersGrid';
import { OrderCards } from './OrderCards';
import {
  initialOrdersQueryState,
  isSortableColumn,
  PAGE_SIZE_OPTIONS,
  PRICE_COLUMNS,
  rememberCursors,
  toOrdersRequest,
  withFilters,
  withPage,
  withSort,
  withUnverified,
} from './ordersQueryState';
import { UnverifiedToggle } from './UnverifiedToggle';
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
 * verified tokens unless the trader shows the others. A grid on wider screens, a list of cards with
 * the same content and actions on a phone.
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
  const narrow = useNarrowScreen();
  const now = useNow();
  const nowSec = useChainNow();
  // Prices sort by the relayer's own; a ticker read by the app itself may disagree with them.
  const priceSortable = !config.tickerUrl;
  const sortable = (field: string) => isSortableColumn(field) && (priceSortable || !PRICE_COLUMNS.has(field));

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
  // Stable identity: the grid treats a new sort model as a new sort and jumps back to the first page.
  const sortModel: GridSortModel = useMemo(
    () => [{ field: state.sort, sort: state.direction }],
    [state.sort, state.direction],
  );
  const filtered = Boolean(makerTokenAddress || takerTokenAddress);
  const emptyText = filtered
    ? 'No open orders for these tokens yet - make one'
    : 'No open orders yet - choose two tokens and make one';

  // What the cards and the grid both show and do; each adds its own way of sorting.
  const shared = {
    rows,
    total: data?.total ?? 0,
    loading: orders.isFetching,
    page: state.page,
    pageSize: state.pageSize,
    pageSizeOptions: PAGE_SIZE_OPTIONS,
    sortModel,
    emptyText,
    onPage: (page: number, pageSize: number) => setState((current) => withPage(current, page, pageSize)),
    account: wallet.address,
    onTake,
    onCancel,
    marketCurrency: 'USD' as const,
    maxAgeMs,
    priceSortable,
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
      {narrow ? (
        <OrderCards
          {...shared}
          sortable={sortable}
          onSort={(field, direction) => setState((current) => withSort(current, field, direction))}
        />
      ) : (
        <Suspense fallback={<Skeleton variant="rectangular" height={320} aria-label="Loading orders" />}>
          <OrdersGrid
            {...shared}
            onSort={([first]) =>
              setState((current) =>
                withSort(
                  current,
                  first && sortable(first.field) && isSortableColumn(first.field) ? first.field : undefined,
                  first?.sort ?? undefined,
                ),
              )
            }
          />
        </Suspense>
      )}
    </Stack>
  );
}
