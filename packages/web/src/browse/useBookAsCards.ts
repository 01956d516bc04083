import useMediaQuery from '@mui/material/useMediaQuery';

/**
 * Below this width the book's eleven columns and their actions do not fit the page (a phone, a tablet,
 * a laptop at 200 % zoom): it reflows to cards rather than scroll sideways and hide Take (WCAG 1.4.10).
 */
export const BOOK_CARDS_QUERY = '(max-width: 1199.95px)';

/** Whether the book shows as cards, following rotation, resizing and zoom; right in the first render. */
export function useBookAsCards(): boolean {
  return useMediaQuery(BOOK_CARDS_QUERY, { noSsr: true });
}
