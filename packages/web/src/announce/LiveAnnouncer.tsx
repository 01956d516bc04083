import Box from '@mui/material/Box';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { AnnounceContext } from './AnnounceContext';
import type { AnnouncementCoalescer, Phrase } from './AnnouncementCoalescer';

/** At most one announcement of changes every few seconds; a burst is gathered for a moment first. */
export const ANNOUNCE_INTERVAL_MS = 5_000;
export const ANNOUNCE_GATHER_MS = 1_000;

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * A polite live region for what changes without a click, coalesced (AnnouncementCoalescer). Each
 * announcement is a new node, so the same words twice are said twice. The coalescer's code comes
 * after the first view: nothing changes before there is a page to change.
 */
export function LiveAnnouncer({ children }: { children: ReactNode }) {
  const [said, setSaid] = useState({ id: 0, text: '' });
  const [coalescer, setCoalescer] = useState<AnnouncementCoalescer>();
  useEffect(() => {
    let current: AnnouncementCoalescer | undefined;
    let live = true;
    void import('./AnnouncementCoalescer').then(({ AnnouncementCoalescer }) => {
      if (!live) return;
      current = new AnnouncementCoalescer({
        intervalMs: ANNOUNCE_INTERVAL_MS,
        gatherMs: ANNOUNCE_GATHER_MS,
        say: (text) => setSaid((last) => ({ id: last.id + 1, text })),
      });
      setCoalescer(current);
    });
    return () => {
      live = false;
      current?.dispose();
    };
  }, []);
  const announce = useCallback((kind: string, phrase: Phrase) => coalescer?.add(kind, phrase), [coalescer]);
  return (
    <AnnounceContext value={announce}>
      {children}
      <Box role="status" aria-live="polite" aria-atomic="true" sx={visuallyHidden} data-live-announcer>
        <span key={said.id}>{said.text}</span>
      </Box>
    </AnnounceContext>
  );
}
