import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { FakeWebSocket } from '../test/FakeWebSocket';
import {
  chainStatus,
  filledOrderRecord,
  MAKER,
  orderRecord,
  RATES_RESPONSE,
  TAKER,
  TOKENS,
  WETH,
  ZRX,
} from '../test/fixtures';
import { renderWithProviders } from '../test/renderWithProviders';
import { installTestNetwork } from '../test/testNetwork';
import { tradeRecord } from '../test/tradeFixtures';
import { OrderPage } from './OrderPage';

beforeEach(() => {
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
});

const E18 = 10n ** 18n;

function setup(
  order: ReturnType<typeof orderRecord> | undefined,
  trades: ReturnType<typeof tradeRecord>[] = [],
) {
  return installTestNetwork({
    'GET /token': () => ({ body: TOKENS }),
    'GET /rates': () => ({ body: RATES_RESPONSE }),
    'GET /trades': () => ({ body: { trades, nextCursor: null } }),
    ...(order ? { [`GET /order/${order.orderHash}`]: () => ({ body: order }) } : {}),
    'GET /chain': () => ({ body: chainStatus(1_700_000_000) }),
  });
}

const render = (path: string, wallet?: { address: `0x${string}` }) =>
  renderWithProviders(
    <Routes>
      <Route path="/orders/:hash" element={<OrderPage />} />
    </Routes>,
    { path, ...(wallet ? { wallet } : {}) },
  );

describe('OrderPage', () => {
  test('a malformed hash gets a clear page, and nothing is asked of the relayer', async () => {
    const relayer = setup(undefined);
    await render('/orders/0x1234');
    expect(await screen.findByText(/This is not an order link/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to the order book' })).toHaveAttribute('href', '/');
    expect(relayer.requests.some((r) => r.url.pathname.startsWith('/order/'))).toBe(false);
  });

  test('an unknown hash says the relayer has no such order on this network', async () => {
    const hash = `0x${'ab'.repeat(32)}`;
    installTestNetwork({
      'GET /token': () => ({ body: TOKENS }),
      [`GET /order/${hash}`]: () => ({
        status: 404,
        body: { code: 404, reason: 'No order with this hash', error: 'ORDER_NOT_FOUND' },
      }),
    });
    await render(`/orders/${hash.toUpperCase().replace('0X', '0x')}`);
    expect(await screen.findByText(/No order with this hash on Mainnet/)).toBeVisible();
    expect(screen.getByText(hash)).toBeVisible();
  });

  test('shows every field in human units, its state, fills and share link; Take while it can be taken', async () => {
    const order = orderRecord({
      maker: MAKER,
      makerTokenAddress: ZRX.address,
      takerTokenAddress: WETH.address,
      makerTokenAmount: (1000n * E18).toString(),
      takerTokenAmount: (2n * E18).toString(),
      filledTakerTokenAmount: (E18 / 2n).toString(),
      remainingTakerTokenAmount: ((3n * E18) / 2n).toString(),
      remainingMakerTokenAmount: (750n * E18).toString(),
      fillableTakerTokenAmount: ((3n * E18) / 2n).toString(),
      fillableMakerTokenAmount: (750n * E18).toString(),
      takerFee: (10n ** 16n).toString(),
    });
    const fill = tradeRecord({
      orderHash: order.orderHash,
      filledMakerTokenAmount: (250n * E18).toString(),
      filledTakerTokenAmount: (E18 / 2n).toString(),
    });
    setup(order, [fill]);
    await render(`/orders/${order.orderHash}`, { address: TAKER });
    expect(await screen.findByText('Partly filled 25%')).toBeVisible();
    const details = screen.getByRole('region', { name: 'Order details' });
    expect(within(details).getByText('Maker amount').nextSibling).toHaveTextContent('1000 ZRX');
    expect(within(details).getByText('Remaining').nextSibling).toHaveTextContent('750 ZRX for 1.5 WETH');
    expect(within(details).getByText('Taker fee').nextSibling).toHaveTextContent('0.01 ZRX');
    expect(within(details).getByText('Taker').nextSibling).toHaveTextContent('Anyone');
    const fills = await screen.findByRole('list', { name: 'Fills' });
    expect(within(fills).getByRole('listitem')).toHaveTextContent(
      `250 ZRX for 0.5 WETH taken by ${TAKER.slice(0, 8)}…`,
    );
    expect(screen.getByLabelText('Share link')).toHaveValue(
      `${window.location.origin}/orders/${order.orderHash}`,
    );
    // Enabled once the wallet is ready (a new element then): read it afresh while waiting.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Take' })).toBeEnabled());
    // The QR code is not drawn (nor its library loaded) until asked for.
    expect(screen.queryByRole('img', { name: 'QR code of the share link' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show QR code' }));
    expect(
      await screen.findByRole('img', { name: 'QR code of the share link' }, { timeout: 5000 }),
    ).toHaveAttribute('data-qr', `${window.location.origin}/orders/${order.orderHash}`);
  });

  test('a filled order says so and cannot be taken', async () => {
    const order = filledOrderRecord();
    setup(order);
    await render(`/orders/${order.orderHash}`, { address: TAKER });
    expect(await screen.findByText('Nothing is left: it was filled.')).toBeVisible();
    expect(document.querySelector('[data-state]')).toHaveTextContent(/^Filled$/);
    expect(await screen.findByRole('button', { name: 'Take' })).toBeDisabled();
    expect(screen.getByText('Nobody has filled this order yet.')).toBeVisible();
  });
});
