import { lazy } from 'react';
import { OrderFormDialog, type OrderFormDialogProps } from '../shared/order/OrderFormDialog';

const CancelOrderForm = lazy(async () => ({ default: (await import('./CancelOrderForm')).CancelOrderForm }));

/** The maker cancels what remains of an order on chain; the form loads on first opening. */
export function CancelOrderDialog(props: OrderFormDialogProps) {
  return <OrderFormDialog Form={CancelOrderForm} {...props} />;
}
