import { lazy } from 'react';
import { OrderDialog } from '../shared/orderDialog/OrderDialog';
import type { MarketOrderTarget } from './MarketOrderForm';

const MarketOrderForm = lazy(async () => ({ default: (await import('./MarketOrderForm')).MarketOrderForm }));

export interface MarketOrderDialogProps {
  open: boolean;
  /** The market and the side the form opens on; undefined while closed. */
  target: MarketOrderTarget | undefined;
  onClose(): void;
}

/** Buy or sell across the book in one transaction; the form, review and contract code load on first opening. */
export function MarketOrderDialog({ open, target, onClose }: MarketOrderDialogProps) {
  return (
    <OrderDialog open={open} onClose={onClose}>
      {(titleId) => target && <MarketOrderForm titleId={titleId} target={target} onClose={onClose} />}
    </OrderDialog>
  );
}
