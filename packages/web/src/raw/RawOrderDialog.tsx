import { lazy } from 'react';
import { OrderDialog } from '../shared/orderDialog/OrderDialog';

const RawOrderForm = lazy(async () => ({ default: (await import('./RawOrderForm')).RawOrderForm }));

export interface RawOrderDialogProps {
  open: boolean;
  onClose(): void;
}

/** Paste a signed order as JSON and submit it (SPEC §2 raw-order entry). Loads on first opening. */
export function RawOrderDialog({ open, onClose }: RawOrderDialogProps) {
  return (
    <OrderDialog open={open} onClose={onClose}>
      {(titleId) => <RawOrderForm titleId={titleId} onClose={onClose} />}
    </OrderDialog>
  );
}
