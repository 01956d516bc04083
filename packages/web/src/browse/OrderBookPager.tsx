import KeyboardArrowLeft from '@mui/icons-material/KeyboardArrowLeft';
import KeyboardArrowRight from '@mui/icons-material/KeyboardArrowRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { PageSizeSelect } from './PageSizeSelect';

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
 * page"), with the page size chosen as the cards' is (PageSizeSelect).
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
      <PageSizeSelect label="Rows per page" width={132} pager={{ pageSize, pageSizeOptions, onPage }} />
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
