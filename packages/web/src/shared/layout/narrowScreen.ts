import useMediaQuery from '@mui/material/useMediaQuery';

/**
 * A phone-sized screen: narrower than MUI's `sm` breakpoint (600 px). The book becomes a list of cards,
 * dialogs fill the screen, and the grid's code is not loaded for the first view. index.html's preload of
 * the grid uses the opposite query (vite.config.ts), so the two must agree.
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
