import type { OrderRecord } from '@relayer/protocol';
import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { FakeWebSocket } from '../test/FakeWebSocket';
import { orderPage, orderRecord, RATES_RESPONSE, TOKENS, USDC, WBTC, WETH, ZRX } from '../test/fixtures';
import { renderWithProviders } from '../test/renderWithProviders';
import { installTestNetwork } from '../test/testNetwork';
import { OrdersTable } from './OrdersTable';
import { useOrderBookLive } from './useOrderBookLive';

beforeEach(() => {
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
});

function LiveBook({ pollMs }: { pollMs?: number }) {
  useOrderBookLive(pollMs === undefined ? {} : { pollMs });
  return <OrdersTable onTake={() => {}} onCancel={() => {}} />;
}

async function setup(
  initial: OrderRecord[],
  { open = true, pollMs }: { open?: boolean; pollMs?: number } = {},
) {
  const book = { orders: initial };
  const relayer = installTestNetwork({
    'GET /token': () => ({ body: TOKENS }),
    'GET /rates': () => ({ body: RATES_RESPONSE }),
    'GET /order': () => ({ body: orderPage(book.orders) }),
  });
  const view = await renderWithProviders(<LiveBook {...(pollMs === undefined ? {} : { pollMs })} />);
  const socket = FakeWebSocket.latest();
  if (open) act(() => socket.open());
  const orderFetches = () => relayer.requests.filter((r) => r.url.pathname === '/order').length;
  return { book, socket, view, orderFetches };
}

const zrxOrder = () => orderRecord({ makerTokenAddress: ZRX.address, takerTokenAddress: WETH.address });
const wbtcOrder = () =>
  orderRecord({
    makerTokenAddress: WBTC.address,
    makerTokenAmount: '100000000',
    takerTokenAddress: USDC.address,
    takerTokenAmount: '60000000000',
  });

describe('useOrderBookLive', () => {
  test('subscribes to the orders channel on the relayer’s WebSocket', async () => {
    const { socket } = await setup([]);
    expect(socket.url).toBe('wss://api.relayer.test/v0/ws');
    expect(socket.sent).toEqual([{ type: 'subscribe', channel: 'orders', requestId: 1, payload: {} }]);
  });

  test('a new order made elsewhere appears without reloading the page', async () => {
    const { book, socket } = await setup([zrxOrder()]);
    expect(await screen.findByText('ZRX', {}, { timeout: 5000 })).toBeInTheDocument();
    const added = wbtcOrder();
    book.orders = [...book.orders, added];
    act(() => socket.receive({ type: 'update', channel: 'orders', requestId: 1, payload: added }));
    expect(await screen.findByText('WBTC')).toBeInTheDocument();
  });

  test('a filled order disappears at once, and a partly filled one shows what remains', async () => {
    const gone = zrxOrder();
    const partial = wbtcOrder();
    const { book, socket } = await setup([gone, partial]);
    expect(await screen.findByText('ZRX', {}, { timeout: 5000 })).toBeInTheDocument();
    act(() =>
      socket.receive({
        type: 'remove',
        channel: 'orders',
        requestId: 1,
        payload: { orderHash: gone.orderHash, state: 'filled' },
      }),
    );
    // Patched in the cache: the relayer still lists the order, so only the patch can hide it.
    // waitFor also checks on every DOM mutation, so it sees the patched grid before the batched refetch
    // (which would bring the row back) can have answered.
    await waitFor(() => expect(screen.queryByText('ZRX')).not.toBeInTheDocument());
    book.orders = [partial];

    const amounts = {
      remainingMakerTokenAmount: '50000000',
      remainingTakerTokenAmount: '30000000000',
      fillableMakerTokenAmount: '50000000',
      fillableTakerTokenAmount: '30000000000',
    };
    book.orders = [{ ...partial, ...amounts }];
    act(() =>
      socket.receive({
        type: 'state',
        channel: 'orders',
        requestId: 1,
        payload: { orderHash: partial.orderHash, state: 'open', ...amounts },
      }),
    );
    expect(await screen.findByText('0.5 of 1')).toBeInTheDocument();
  });

  test('ignores messages that fail the protocol schema', async () => {
    const { socket, orderFetches } = await setup([zrxOrder()]);
    expect(await screen.findByText('ZRX', {}, { timeout: 5000 })).toBeInTheDocument();
    const before = orderFetches();
    act(() => {
      socket.receive('not json');
      socket.receive({ type: 'remove', channel: 'orders', requestId: 1, payload: { orderHash: 'nope' } });
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(orderFetches()).toBe(before);
    expect(screen.getByText('ZRX')).toBeInTheDocument();
  });

  test('reconnects after a drop, reloads what was missed, and closes on unmount', async () => {
    const { socket, view, orderFetches } = await setup([zrxOrder()]);
    expect(await screen.findByText('ZRX', {}, { timeout: 5000 })).toBeInTheDocument();
    const before = orderFetches();
    act(() => socket.drop());
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2), { timeout: 2000 });
    const second = FakeWebSocket.latest();
    act(() => second.open());
    expect(second.sent).toHaveLength(1);
    await waitFor(() => expect(orderFetches()).toBeGreaterThan(before));

    view.unmount();
    expect(second.readyState).toBe(FakeWebSocket.CLOSED);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  test('polls the book while the socket is down, and stops once it is open', async () => {
    const { book, socket, orderFetches } = await setup([zrxOrder()], { open: false, pollMs: 150 });
    expect(await screen.findByText('ZRX', {}, { timeout: 5000 })).toBeInTheDocument();
    // No socket: an order made elsewhere still shows up, by polling.
    book.orders = [...book.orders, wbtcOrder()];
    expect(await screen.findByText('WBTC', {}, { timeout: 3000 })).toBeInTheDocument();

    act(() => socket.open());
    await new Promise((resolve) => setTimeout(resolve, 100));
    const afterOpen = orderFetches();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(orderFetches()).toBe(afterOpen);

    act(() => socket.drop());
    await waitFor(() => expect(orderFetches()).toBeGreaterThan(afterOpen + 1), { timeout: 3000 });
  });
});
