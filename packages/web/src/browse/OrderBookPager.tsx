import KeyboardArrowLeft from '@mui/icons-material/KeyboardArrowLeft';
import KeyboardArrowRight from '@mui/icons-material/KeyboardArrowRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { type ChangeEvent, useId } from 'react';

export interface OrderBookPagerProps {
  total: number;
  /** Zero-based. */
  page: number;
  pageSize: number;
  pageSizeOptions: readonly number[];
  onPage(page: number, pageSize: number): void;
}

/**
 * The table's paging, worded as the data grid's was ("Rows per page", "6–10 of 12", "Go to next
 * page"), with a native select: a menu component would be code the first view does not need.
 */
export function OrderBookPager({ total, page, pageSize, pageSizeOptions, onPage }: OrderBookPagerProps) {
  const selectId = useId();
  const first = total === 0 ? 0 : page * pageSize + 1;
  const last = Math.min(total, (page + 1) * pageSize);
  return (
    <Box
      component="nav"
      aria-label="Pages of orders"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'flex-end',
        columnGap: 2,
        minHeight: 52,
        typography: 'body2',
      }}
    >
      <Box component="label" htmlFor={selectId}>
        Rows per page:
      </Box>
      <Box
        component="select"
        id={selectId}
        value={pageSize}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => onPage(0, Number(event.target.value))}
        sx={{
          font: 'inherit',
          color: 'inherit',
          bgcolor: 'background.paper',
          py: 0.5,
          px: 1,
          borderRadius: 1,
        }}
      >
        {pageSizeOptions.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </Box>
      <span>
        {first}–{last} of {total}
      </span>
      <Box>
        <IconButton
          aria-label="Go to previous page"
          disabled={page === 0}
          onClick={() => onPage(page - 1, pageSize)}
        >
          <KeyboardArrowLeft />
        </IconButton>
        <IconButton
          aria-label="Go to next page"
          disabled={last >= total}
          onClick={() => onPage(page + 1, pageSize)}
        >
          <KeyboardArrowRight />
        </IconButton>
      </Box>
    </Box>
  );
}
