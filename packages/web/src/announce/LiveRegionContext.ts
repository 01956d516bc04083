import { createContext } from 'react';

/** The page's own region; a dialog's region claims a name of its own. */
export const PAGE_REGION = 'page';

/** One announcement and the region it was said in (the innermost open dialog's, or the page's). */
export interface Said {
  id: number;
  text: string;
  region: string;
}

export interface LiveRegions {
  said: Said;
  /**
   * Makes `region` the one announcements go to while it is mounted (an open dialog hides the rest
   * of the page from screen readers, its live regions included); returns the release.
   */
  claim(region: string): () => void;
}

/** Outside a LiveAnnouncer (a component test) there are no announcements to show. */
export const LiveRegionContext = createContext<LiveRegions | undefined>(undefined);
