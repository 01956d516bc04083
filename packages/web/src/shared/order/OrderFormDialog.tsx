import type { OrderRecord } from '@relayer/protocol';
import type { ComponentType } from 'react';
import { OrderDialog } from '../orderDialog/OrderDialog';

/** What a form for one order (take, cancel) is given inside its dialog. */
export interface OrderFormProps {
  titleId: string;
  order: OrderRecord;
  onClose(): void;
}

export interface OrderFormDialogProps {
  open: boolean;
  order: OrderRecord | undefined;
  onClose(): void;
}

/**
 * The dialog for an action on one order. `Form` is the caller's `lazy()` form, so each form (and the
 * contract code it pulls in) stays its own chunk, loaded on first opening.
 */
export function OrderFormDialog({
  Form,
  open,
  order,
  onClose,
}: OrderFormDialogProps & { Form: ComponentType<OrderFormProps> }) {
  return (
    <OrderDialog open={open} onClose={onClose}>
      {(titleId) => order && <Form titleId={titleId} order={order} onClose={onClose} />}
    </OrderDialog>
  );
}
