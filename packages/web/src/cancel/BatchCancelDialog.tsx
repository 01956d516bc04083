import type { OrderRecord } from '@relayer/protocol';
import { lazy } from 'react';
import { OrderDialog } from '../shared/orderDialog/OrderDialog';
import type { BatchCancelOutcome } from './decodeBatchCancel';

const BatchCancelForm = lazy(async () => ({ default: (await import('./BatchCancelForm')).BatchCancelForm }));

export interface BatchCancelDialogProps {
  open: boolean;
  orders: readonly OrderRecord[];
  onClose(): void;
  onCancelled?(outcome: BatchCancelOutcome): void;
}

/** Cancels several of the maker's orders in one transaction after a confirmation that lists them. */
export function BatchCancelDialog({ open, orders, onClose, onCancelled }: BatchCancelDialogProps) {
  return (
    <OrderDialog open={open} onClose={onClose}>
      {(titleId) => (
        <BatchCancelForm titleId={titleId} orders={orders} onClose={onClose} onCancelled={onCancelled} />
      )}
    </OrderDialog>
  );
}
