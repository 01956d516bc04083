import KeyboardArrowLeft from '@mui/icons-material/KeyboardArrowLeft';
import KeyboardArrowRight from '@mui/icons-material/KeyboardArrowRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

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
 * page"). The page size is a menu select, as the cards' is: a native one's options would be in the
 * page's accessibility tree (role option) even while closed, beside the token pickers' own.
 */
export function OrderBookPager({ total, page, pageSize, pageSizeOptions, onPage }: OrderBookPagerProps) {
  const first = total === 0 ? 0 : page * pageSize + 1;
  const last = Math.min(total, (page + 1) * pageSize);
  return (
    <Box
      role="group"
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
      <TextField
        select
        size="small"
        label="Rows per page"
        value={pageSize}
        onChange={(event) => onPage(0, Number(event.target.value))}
        sx={{ width: 132 }}
      >
        {pageSizeOptions.map((size) => (
          <MenuItem key={size} value={size}>
            {size}
          </MenuItem>
        ))}
      </TextField>
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
