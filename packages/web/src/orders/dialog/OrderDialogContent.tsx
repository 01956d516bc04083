import Dialog from '@mui/material/Dialog';
import type { OrderDialogProps } from '../OrderDialog';
import { CancelOrderForm } from './CancelOrderForm';
import { MakeOrderForm } from './MakeOrderForm';
import { TakeOrderForm } from './TakeOrderForm';

const titleId = 'order-dialog-title';

/** SPEC §2: one dialog, at most 500px wide, whose form depends on the mode. */
export default function OrderDialogContent({ open, mode, draft, order, onClose }: OrderDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth={false}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { width: '100%', maxWidth: 500 } } }}
    >
      {mode === 'make' && <MakeOrderForm titleId={titleId} draft={draft} onClose={onClose} />}
      {mode === 'take' && order && <TakeOrderForm titleId={titleId} order={order} onClose={onClose} />}
      {mode === 'cancel' && order && <CancelOrderForm titleId={titleId} order={order} onClose={onClose} />}
    </Dialog>
  );
}
