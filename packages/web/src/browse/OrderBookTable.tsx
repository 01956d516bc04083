import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, useEffect, useMemo } from 'react';
import { markFirstViewShown } from '../app/firstView';
import { LoadingBar } from './LoadingBar';
import { OrderBookPager } from './OrderBookPager';
import type { OrderBookViewProps } from './OrderBookViewProps';
import { type OrderColumn, orderColumns } from './orderColumns';

/** Room for a page of rows before the first answer, so the page below does not jump when it comes. */
const ROW_HEIGHT_PX = 64;
const HEADER_HEIGHT_PX = 56;

/**
 * The order book on a wide screen: a plain table (a header cell per column, actions included), sorted
 * by the server when a header's button is pressed (again for the other direction) and paged by it.
 * Plain elements rather than a grid or table library: it is part of the first view's code. Narrower
 * screens get the cards (useBookAsCards), so the table never scrolls sideways.
 */
export function OrderBookTable(props: OrderBookViewProps) {
  const { rows, total, loading, page, pageSize, pageSizeOptions, emptyText, onPage } = props;
  const pager = { total, page, pageSize, pageSizeOptions, onPage };
  const { sort, direction, sortable, onSort, account, onTake, onCancel, marketCurrency, maxAgeMs } = props;
  useEffect(() => {
    if (!loading) markFirstViewShown();
  }, [loading]);
  const columns = useMemo(
    () => orderColumns({ account, onTake, onCancel, marketCurrency, maxAgeMs }),
    [account, onTake, onCancel, marketCurrency, maxAgeMs],
  );
  const waiting = loading && rows.length === 0;
  const sortFields = columns.flatMap(({ sortField }) =>
    sortField !== undefined && sortable(sortField) ? [sortField] : [],
  );
  // One Tab stop for the whole header row (the sorted column's button, else the first): the arrow
  // keys move between the sort buttons, so the rows' actions stay a few Tabs from the top.
  const tabStop = sortFields.includes(sort) ? sort : sortFields[0];
  return (
    <Box>
      <LoadingBar loading={loading} label="Loading orders" />
      <Box sx={{ minHeight: waiting ? HEADER_HEIGHT_PX + pageSize * ROW_HEIGHT_PX : 0 }}>
        <Box
          component="table"
          aria-label="Orders"
          aria-busy={loading}
          sx={{
            width: '100%',
            borderCollapse: 'collapse',
            typography: 'body2',
            '& th, & td': {
              px: 1,
              py: 0.5,
              textAlign: 'left',
              verticalAlign: 'middle',
              borderBottom: 1,
              borderColor: 'divider',
            },
            '& thead tr': { height: HEADER_HEIGHT_PX },
            '& tbody tr': { height: ROW_HEIGHT_PX },
            '& th': { fontWeight: 500, lineHeight: 1.25 },
          }}
        >
          <thead>
            <tr onKeyDown={moveBetweenSortButtons}>
              {columns.map((column) => (
                <HeaderCell
                  key={column.field}
                  column={column}
                  sorted={column.sortField !== undefined && column.sortField === sort ? direction : undefined}
                  sortable={column.sortField !== undefined && sortable(column.sortField)}
                  tabStop={column.sortField === tabStop}
                  onSort={onSort}
                />
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} data-order-row={row.id}>
                {columns.map((column) => (
                  <td key={column.field}>{column.render(row)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </Box>
      </Box>
      {rows.length === 0 && !loading ? (
        <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
          {emptyText}
        </Typography>
      ) : null}
      <OrderBookPager {...pager} />
    </Box>
  );
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** Left and right arrows (Home and End) move focus along the header row's sort buttons. */
function moveBetweenSortButtons(event: KeyboardEvent<HTMLTableRowElement>) {
  const step = { ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity }[event.key];
  if (step === undefined) return;
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button[data-sort-button]')];
  const current = buttons.indexOf(event.target as HTMLButtonElement);
  if (current < 0) return;
  event.preventDefault();
  const next = Math.max(0, Math.min(buttons.length - 1, current + step));
  buttons[next]?.focus();
}

function HeaderCell({
  column,
  sorted,
  sortable,
  tabStop,
  onSort,
}: {
  column: OrderColumn;
  sorted: 'asc' | 'desc' | undefined;
  sortable: boolean;
  tabStop: boolean;
  onSort: OrderBookViewProps['onSort'];
}) {
  const { sortField } = column;
  const Arrow = sorted === 'desc' ? ArrowDownwardIcon : ArrowUpwardIcon;
  return (
    <Box
      component="th"
      scope="col"
      aria-sort={sortable && sorted ? ARIA_SORT[sorted] : undefined}
      sx={{ whiteSpace: column.noWrap ? 'nowrap' : 'normal' }}
    >
      {sortable && sortField ? (
        <Box
          component="button"
          type="button"
          data-sort-button
          tabIndex={tabStop ? 0 : -1}
          onClick={() => onSort(sortField, sorted === 'asc' ? 'desc' : 'asc')}
          sx={{
            font: 'inherit',
            color: 'inherit',
            textAlign: 'left',
            border: 0,
            background: 'none',
            p: 0,
            cursor: 'pointer',
            display: 'inline-flex',
            alignItems: 'center',
            gap: 0.25,
            '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
            '& svg': { opacity: sorted ? 1 : 0, transition: 'opacity 150ms' },
            '&:hover svg, &:focus-visible svg': { opacity: sorted ? 1 : 0.5 },
            '@media (prefers-reduced-motion: reduce)': { '& svg': { transition: 'none' } },
          }}
        >
          {column.headerName}
          <Arrow fontSize="inherit" aria-hidden />
        </Box>
      ) : (
        column.headerName
      )}
    </Box>
  );
}
