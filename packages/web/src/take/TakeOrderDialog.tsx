import { lazy } from 'react';
import { OrderFormDialog, type OrderFormDialogProps } from '../shared/order/OrderFormDialog';

const TakeOrderForm = lazy(async () => ({ default: (await import('./TakeOrderForm')).TakeOrderForm }));

/** Take (fill) an order on chain (SPEC §2, §4); its form and contract code load on first opening. */
export function TakeOrderDialog(props: OrderFormDialogProps) {
  return <OrderFormDialog Form={TakeOrderForm} {...props} />;
}
