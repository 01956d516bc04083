import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { markFirstViewShown } from '../app/firstView';
import { LoadingBar } from './LoadingBar';
import type { OrderBookViewProps } from './OrderBookViewProps';
import { OrderCard } from './OrderCard';
import type { SortableColumn } from './ordersQueryState';
import { PageSizeSelect } from './PageSizeSelect';

/** The sort choices of the cards, in the table's column order, named as its headers are. */
const SORT_LABELS: Record<SortableColumn, string> = {
  marketPrice: 'Market price',
  askingPrice: 'Asking price',
  makerToken: 'Maker token',
  makerFee: 'Maker fee',
  makerTokenAmount: 'Maker amount',
  takerToken: 'Taker token',
  takerFee: 'Taker fee',
  takerTokenAmount: 'Taker amount',
  expires: 'Expires',
};

/**
 * The order book where the table does not fit (BOOK_CARDS_QUERY): cards with the table's content and
 * actions, side by side as the width allows, the same server-side sort (a choice and a direction) and
 * paging (previous / next, page size).
 */
export function OrderCards(props: OrderBookViewProps) {
  const {
    rows,
    total,
    loading,
    page,
    pageSize,
    pageSizeOptions,
    sort: field,
    direction,
    emptyText,
    onPage,
  } = props;
  const { sortable, onSort, marketCurrency, maxAgeMs, account, onTake, onCancel } = props;
  useEffect(() => {
    if (!loading) markFirstViewShown();
  }, [loading]);
  const first = total === 0 ? 0 : page * pageSize + 1;
  const last = Math.min(total, (page + 1) * pageSize);
  return (
    <Stack spacing={1.5} aria-busy={loading}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label="Sort by"
          value={field}
          onChange={(event) => onSort(event.target.value as SortableColumn, direction)}
          sx={{ flexGrow: 1, minWidth: 0 }}
        >
          {(Object.keys(SORT_LABELS) as SortableColumn[]).map((key) => (
            <MenuItem key={key} value={key} disabled={!sortable(key)}>
              {SORT_LABELS[key]}
            </MenuItem>
          ))}
        </TextField>
        <IconButton
          aria-label={direction === 'asc' ? 'Ascending: sort descending' : 'Descending: sort ascending'}
          onClick={() => onSort(field, direction === 'asc' ? 'desc' : 'asc')}
        >
          {direction === 'asc' ? <ArrowUpwardIcon /> : <ArrowDownwardIcon />}
        </IconButton>
      </Stack>
      <LoadingBar loading={loading} label="Loading orders" />
      {rows.length === 0 ? (
        loading ? null : (
          <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
            {emptyText}
          </Typography>
        )
      ) : (
        <Box
          component="ul"
          aria-label="Orders"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 360px), 1fr))',
          }}
        >
          {rows.map((row) => (
            <OrderCard
              key={row.id}
              row={row}
              marketCurrency={marketCurrency}
              maxAgeMs={maxAgeMs}
              account={account}
              onTake={onTake}
              onCancel={onCancel}
            />
          ))}
        </Box>
      )}
      {total > 0 ? (
        <Stack
          direction="row"
          spacing={1}
          role="group"
          aria-label="Pages of orders"
          sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
        >
          <Button size="small" disabled={page === 0} onClick={() => onPage(page - 1, pageSize)}>
            Previous
          </Button>
          <Typography variant="body2" sx={{ flexGrow: 1, textAlign: 'center' }}>
            {first}–{last} of {total}
          </Typography>
          <Button size="small" disabled={last >= total} onClick={() => onPage(page + 1, pageSize)}>
            Next
          </Button>
          <PageSizeSelect label="Per page" width={96} pager={{ pageSize, pageSizeOptions, onPage }} />
        </Stack>
      ) : null}
    </Stack>
  );
}
