import type { Address, OrderRecord } from '@relayer/protocol';
import { vi } from 'vitest';
import { NotificationArea } from '../notifications/NotificationArea';
import { renderWithProviders } from './renderWithProviders';
import { OrderDialog, type OrderDialogMode } from '../shared/orderDialog/OrderDialog';

/** The order dialog, open, inside the real providers with the notification area and a wallet. */
export async function renderOrderDialog(options: {
  mode: OrderDialogMode;
  draft?: { makerTokenAddress?: Address; takerTokenAddress?: Address };
  order?: OrderRecord;
  wallet?: Address;
}) {
  const onClose = vi.fn();
  const view = await renderWithProviders(
    <>
      <OrderDialog open mode={options.mode} draft={options.draft} order={options.order} onClose={onClose} />
      <NotificationArea />
    </>,
    options.wallet ? { wallet: { address: options.wallet } } : {},
  );
  return { ...view, onClose };
}
