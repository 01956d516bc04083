import { createContext } from 'react';
import type { Phrase } from './AnnouncementCoalescer';

/** Says a change nobody clicked for (a new order, a fill) in the page's polite live region. */
export type Announce = (kind: string, phrase: Phrase) => void;

/** Outside a LiveAnnouncer (a component test) changes go unsaid. */
export const AnnounceContext = createContext<Announce>(() => undefined);
