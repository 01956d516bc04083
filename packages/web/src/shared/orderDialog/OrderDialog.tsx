import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import { type ReactNode, Suspense, useId, useState } from 'react';
import { LiveRegion } from '../../announce/LiveRegion';
import { useNarrowScreen } from '../layout/narrowScreen';

export interface OrderDialogProps {
  open: boolean;
  onClose(): void;
  /** The form, given the id of the title it must render; usually a lazy component, loaded on first opening. */
  children(titleId: string): ReactNode;
}

/**
 * The shell every order dialog shares (SPEC §2): at most 500px wide, the whole screen on a phone; nothing is rendered (or loaded)
 * before the first opening, and each opening starts a fresh form (new salt, default expiry, fill amount
 * from the order's current state).
 */
export function OrderDialog({ open, onClose, children }: OrderDialogProps) {
  const titleId = useId();
  const narrow = useNarrowScreen();
  const [opening, setOpening] = useState({ count: 0, wasOpen: false });
  if (open !== opening.wasOpen) setOpening({ count: opening.count + (open ? 1 : 0), wasOpen: open });
  if (opening.count === 0) return null;
  return (
    <Suspense
      fallback={
        <Backdrop open={open} sx={{ zIndex: (theme) => theme.zIndex.modal }}>
          <CircularProgress aria-label="Loading the order form" />
        </Backdrop>
      }
    >
      <Dialog
        key={opening.count}
        open={open}
        onClose={onClose}
        maxWidth={false}
        fullScreen={narrow}
        aria-labelledby={titleId}
        slotProps={{ paper: { sx: { width: '100%', maxWidth: 500 } } }}
      >
        {children(titleId)}
        <LiveRegion inDialog />
      </Dialog>
    </Suspense>
  );
}
