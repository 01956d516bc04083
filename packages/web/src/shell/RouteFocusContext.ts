import { createContext } from 'react';

/**
 * What the page headings share to tell an in-app navigation from the first load (one per shell): the
 * first location's key, whether the user has navigated since (a redirect is no navigation), and the
 * path whose heading last took focus (a heading that re-mounts on a refetch must not pull focus back).
 */
export interface RouteFocus {
  firstKey: string;
  navigated: boolean;
  focusedPath: string;
}

export const RouteFocusContext = createContext<RouteFocus | undefined>(undefined);

/** Navigation state for a change of URL that is no change of page (a market's pair): focus stays. */
export const KEEP_FOCUS = { keepFocus: true } as const;
