import type { Address } from '@relayer/protocol';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { NotificationArea } from '../notifications/NotificationArea';
import { renderWithProviders } from './renderWithProviders';

/** An order dialog, open, inside the real providers with the notification area and, optionally, a wallet. */
export async function renderOrderDialog(dialog: (onClose: () => void) => ReactNode, wallet?: Address) {
  const onClose = vi.fn();
  const view = await renderWithProviders(
    <>
      {dialog(onClose)}
      <NotificationArea />
    </>,
    wallet ? { wallet: { address: wallet } } : {},
  );
  return { ...view, onClose };
}
