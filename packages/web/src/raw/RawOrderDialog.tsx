import { lazy, Suspense, useState } from 'react';

const RawOrderDialogContent = lazy(() => import('./RawOrderForm'));

export interface RawOrderDialogProps {
  open: boolean;
  onClose(): void;
}

/** Paste a signed order as JSON and submit it (SPEC §2 raw-order entry). Loads on first opening. */
export function RawOrderDialog({ open, onClose }: RawOrderDialogProps) {
  const [opening, setOpening] = useState({ count: 0, wasOpen: false });
  if (open !== opening.wasOpen) setOpening({ count: opening.count + (open ? 1 : 0), wasOpen: open });
  if (opening.count === 0) return null;
  return (
    <Suspense fallback={null}>
      <RawOrderDialogContent key={opening.count} open={open} onClose={onClose} />
    </Suspense>
  );
}
