import type { OrderRecord } from '@relayer/protocol';
import { OnceOpened } from '../app/deferred';
import { preloadable } from '../app/preloadable';
import type { DialogTarget } from '../shared/orderDialog/useDialogTarget';

const TakeOrderDialog = preloadable(async () => (await import('../take/TakeOrderDialog')).TakeOrderDialog);
const CancelOrderDialog = preloadable(
  async () => (await import('../cancel/CancelOrderDialog')).CancelOrderDialog,
);

/** Their code, for a view that fetches it ahead of the first click. */
export const orderActionDialogCode = [TakeOrderDialog, CancelOrderDialog];

/**
 * The Take and Cancel dialogs of a view that shows orders (a row opens one or the other), each mounted
 * only once first opened and loaded apart, so the view's first paint carries neither.
 */
export function OrderActionDialogs({
  taking,
  cancelling,
}: {
  taking: DialogTarget<OrderRecord>;
  cancelling: DialogTarget<OrderRecord>;
}) {
  return (
    <>
      <OnceOpened open={taking.open}>
        <TakeOrderDialog open={taking.open} order={taking.target} onClose={taking.close} />
      </OnceOpened>
      <OnceOpened open={cancelling.open}>
        <CancelOrderDialog open={cancelling.open} order={cancelling.target} onClose={cancelling.close} />
      </OnceOpened>
    </>
  );
}
