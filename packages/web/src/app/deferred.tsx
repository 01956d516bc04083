import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { afterFirstView } from './firstView';

/**
 * Renders its children once the first view is on screen (afterFirstView): for parts below the order
 * book, which then neither delay it nor move it.
 */
export function AfterFirstView({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let current = true;
    void afterFirstView().then(() => current && setReady(true));
    return () => {
      current = false;
    };
  }, []);
  return ready ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/**
 * Renders its children (a dialog) from its first opening on, and keeps them so the dialog can animate
 * closed: a closed dialog costs the first view neither code nor rendering.
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
