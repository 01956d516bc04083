import { screen, waitFor } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { MAKER, orderRecord, TAKER } from '../test/fixtures';
import { renderWithProviders } from '../test/renderWithProviders';
import { installTestNetwork } from '../test/testNetwork';
import { RowActions } from './RowActions';

test('an order reserved for another taker cannot be taken, and the button says why', async () => {
  installTestNetwork();
  await renderWithProviders(
    <RowActions order={orderRecord({ taker: TAKER })} account={MAKER} onTake={vi.fn()} onCancel={vi.fn()} />,
    {
      wallet: { address: MAKER },
    },
  );
  // Written beside the button (ActionButton), and its description.
  await waitFor(() =>
    expect(screen.getByRole('button', { name: 'Take' })).toHaveAccessibleDescription(
      expect.stringContaining(`only ${TAKER} can fill this order`),
    ),
  );
  expect(screen.getByRole('button', { name: 'Take' })).toBeDisabled();
});

test('an order reserved for the connected account can be taken', async () => {
  installTestNetwork();
  await renderWithProviders(
    <RowActions order={orderRecord({ taker: TAKER })} account={TAKER} onTake={vi.fn()} onCancel={vi.fn()} />,
    {
      wallet: { address: TAKER },
    },
  );
  await waitFor(() => expect(screen.getByRole('button', { name: 'Take' })).toBeEnabled());
});

test('every row links to its order page', async () => {
  installTestNetwork();
  const order = orderRecord();
  await renderWithProviders(
    <RowActions order={order} account={undefined} onTake={vi.fn()} onCancel={vi.fn()} />,
  );
  expect(
    screen.getByRole('link', { name: `Order ${order.orderHash.slice(0, 6)}...${order.orderHash.slice(-4)}` }),
  ).toHaveAttribute('href', `/orders/${order.orderHash}`);
});
