import { use } from 'react';
import { type Announce, AnnounceContext } from './AnnounceContext';

/** The page's live announcer (see LiveAnnouncer). */
export function useAnnounce(): Announce {
  return use(AnnounceContext);
}
