import type { OrderRecord } from '@relayer/protocol';
import { lazy } from 'react';
import { OrderDialog } from '../shared/orderDialog/OrderDialog';

const TakeOrderForm = lazy(async () => ({ default: (await import('./TakeOrderForm')).TakeOrderForm }));

export interface TakeOrderDialogProps {
  open: boolean;
  order: OrderRecord | undefined;
  onClose(): void;
}

/** Take (fill) an order on chain (SPEC §2, §4); its form and contract code load on first opening. */
export function TakeOrderDialog({ open, order, onClose }: TakeOrderDialogProps) {
  return (
    <OrderDialog open={open} onClose={onClose}>
      {(titleId) => order && <TakeOrderForm titleId={titleId} order={order} onClose={onClose} />}
    </OrderDialog>
  );
}
