import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import type { Address, OrderRecord } from '@relayer/protocol';
import { lazy, Suspense, useState } from 'react';

const OrderDialogContent = lazy(() => import('./dialog/OrderDialogContent'));

export type OrderDialogMode = 'make' | 'take' | 'cancel';

export interface OrderDialogProps {
  open: boolean;
  /** 'make' a new order from `draft`; 'take' (fill) or 'cancel' (maker only) an existing `order`. */
  mode: OrderDialogMode;
  draft?: { makerTokenAddress?: Address; takerTokenAddress?: Address };
  order?: OrderRecord;
  onClose(): void;
}

/**
 * The order dialog (SPEC §2, §4). Its forms, date pickers and contract code load on first opening; each
 * opening starts a fresh form (new salt, default expiry, fill amount from the order's current state).
 */
export function OrderDialog(props: OrderDialogProps) {
  const [opening, setOpening] = useState({ count: 0, wasOpen: false });
  if (props.open !== opening.wasOpen) {
    setOpening({ count: opening.count + (props.open ? 1 : 0), wasOpen: props.open });
  }
  if (opening.count === 0) return null;
  return (
    <Suspense
      fallback={
        <Backdrop open={props.open} sx={{ zIndex: (theme) => theme.zIndex.modal }}>
          <CircularProgress aria-label="Loading the order form" />
        </Backdrop>
      }
    >
      <OrderDialogContent key={opening.count} {...props} />
    </Suspense>
  );
}
