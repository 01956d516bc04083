import { lazy } from 'react';
import { OrderDialog } from '../shared/orderDialog/OrderDialog';
import type { MakeOrderDraft } from './validateMakeOrder';

const MakeOrderForm = lazy(async () => ({ default: (await import('./MakeOrderForm')).MakeOrderForm }));

export interface MakeOrderDialogProps {
  open: boolean;
  draft?: MakeOrderDraft;
  onClose(): void;
}

/** Make a new signed order (SPEC §2, §4); its form, date pickers and signing code load on first opening. */
export function MakeOrderDialog({ open, draft, onClose }: MakeOrderDialogProps) {
  return (
    <OrderDialog open={open} onClose={onClose}>
      {(titleId) => <MakeOrderForm titleId={titleId} draft={draft} onClose={onClose} />}
    </OrderDialog>
  );
}
