import type { OrderRecord } from '@relayer/protocol';
import { lazy } from 'react';
import { OrderDialog } from '../shared/orderDialog/OrderDialog';

const CancelOrderForm = lazy(async () => ({ default: (await import('./CancelOrderForm')).CancelOrderForm }));

export interface CancelOrderDialogProps {
  open: boolean;
  order: OrderRecord | undefined;
  onClose(): void;
}

/** The maker cancels what remains of an order on chain; the form loads on first opening. */
export function CancelOrderDialog({ open, order, onClose }: CancelOrderDialogProps) {
  return (
    <OrderDialog open={open} onClose={onClose}>
      {(titleId) => order && <CancelOrderForm titleId={titleId} order={order} onClose={onClose} />}
    </OrderDialog>
  );
}
