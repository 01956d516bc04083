import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { AnnounceContext } from './AnnounceContext';
import type { AnnouncementCoalescer, Phrase } from './AnnouncementCoalescer';
import { LiveRegion } from './LiveRegion';
import { LiveRegionContext, PAGE_REGION, type Said } from './LiveRegionContext';

/** At most one announcement of changes every few seconds; a burst is gathered for a moment first. */
export const ANNOUNCE_INTERVAL_MS = 5_000;
export const ANNOUNCE_GATHER_MS = 1_000;

/**
 * A polite live region for what changes without a click, coalesced (AnnouncementCoalescer), said in
 * the page's region or, while a dialog is open, in the innermost dialog's (LiveRegion). The
 * coalescer's code comes after the first view: nothing changes before there is a page to change.
 */
export function LiveAnnouncer({ children }: { children: ReactNode }) {
  const [said, setSaid] = useState<Said>({ id: 0, text: '', region: PAGE_REGION });
  const [coalescer, setCoalescer] = useState<AnnouncementCoalescer>();
  // The open dialogs' regions, innermost last: read when something is said, never rendered.
  const claimed = useRef<string[]>([]);
  const claim = useCallback((region: string) => {
    claimed.current = [...claimed.current, region];
    return () => {
      claimed.current = claimed.current.filter((other) => other !== region);
    };
  }, []);
  useEffect(() => {
    let current: AnnouncementCoalescer | undefined;
    let live = true;
    void import('./AnnouncementCoalescer').then(({ AnnouncementCoalescer }) => {
      if (!live) return;
      current = new AnnouncementCoalescer({
        intervalMs: ANNOUNCE_INTERVAL_MS,
        gatherMs: ANNOUNCE_GATHER_MS,
        say: (text) =>
          setSaid((last) => ({ id: last.id + 1, text, region: claimed.current.at(-1) ?? PAGE_REGION })),
      });
      setCoalescer(current);
    });
    return () => {
      live = false;
      current?.dispose();
    };
  }, []);
  const announce = useCallback((kind: string, phrase: Phrase) => coalescer?.add(kind, phrase), [coalescer]);
  const regions = useMemo(() => ({ said, claim }), [said, claim]);
  return (
    <AnnounceContext value={announce}>
      <LiveRegionContext value={regions}>
        {children}
        <LiveRegion />
      </LiveRegionContext>
    </AnnounceContext>
  );
}
