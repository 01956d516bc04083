import useMediaQuery from '@mui/material/useMediaQuery';

/**
 * A phone-sized screen: narrower than MUI's `sm` breakpoint (600 px): dialogs fill the screen. (The book
 * reflows to cards at a wider width of its own, browse/useBookAsCards.)
 */
export const NARROW_SCREEN_QUERY = '(max-width: 599.95px)';

/** Whether the screen is narrow right now, outside React (boot-time preloads). */
export function isNarrowScreen(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(NARROW_SCREEN_QUERY).matches
    : false;
}

/** Whether the screen is narrow, following rotation and resizing; right in the first render. */
export function useNarrowScreen(): boolean {
  return useMediaQuery(NARROW_SCREEN_QUERY, { noSsr: true });
}
