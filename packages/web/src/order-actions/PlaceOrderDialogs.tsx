import { OnceOpened } from '../app/deferred';
import { preloadable } from '../app/preloadable';
import type { MakeOrderDraft } from '../make/validateMakeOrder';
import type { MarketOrderTarget } from '../market-order/MarketOrderForm';
import type { DialogTarget } from '../shared/orderDialog/useDialogTarget';

const MakeOrderDialog = preloadable(async () => (await import('../make/MakeOrderDialog')).MakeOrderDialog);
const MarketOrderDialog = preloadable(
  async () => (await import('../market-order/MarketOrderDialog')).MarketOrderDialog,
);

/** Their code, for a view that fetches it ahead of the first click. */
export const placeOrderDialogCode = [MakeOrderDialog, MarketOrderDialog];

/**
 * The Make and market-order dialogs of a view that places orders for a pair (the home page, a
 * market), each mounted only once first opened and loaded apart, so the view's first paint carries
 * neither.
 */
export function PlaceOrderDialogs({
  making,
  trading,
}: {
  making: DialogTarget<MakeOrderDraft>;
  trading: DialogTarget<MarketOrderTarget>;
}) {
  return (
    <>
      <OnceOpened open={making.open}>
        <MakeOrderDialog open={making.open} draft={making.target} onClose={making.close} />
      </OnceOpened>
      <OnceOpened open={trading.open}>
        <MarketOrderDialog open={trading.open} target={trading.target} onClose={trading.close} />
      </OnceOpened>
    </>
  );
}
