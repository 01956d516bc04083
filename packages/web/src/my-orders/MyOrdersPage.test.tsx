import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { orderLinkName } from '../shared/order/orderLinkName';
import { FakeWebSocket } from '../test/FakeWebSocket';
import { createFakeChain } from '../test/fakeChain';
import { filledOrderRecord, MAKER, orderPage, orderRecord, TOKENS, WETH, ZRX } from '../test/fixtures';
import { renderWithProviders } from '../test/renderWithProviders';
import { installTestNetwork } from '../test/testNetwork';
import { textsOf } from '../test/textsOf';
import { MyOrdersPage } from './MyOrdersPage';

beforeEach(() => {
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
});

const E18 = 10n ** 18n;
const unfunded = orderRecord({
  maker: MAKER,
  makerTokenAmount: (40n * E18).toString(),
  takerTokenAmount: (6n * E18).toString(),
  state: 'unfunded',
  reason: 'INSUFFICIENT_MAKER_ALLOWANCE',
  fillableTakerTokenAmount: '0',
  fillableMakerTokenAmount: '0',
  shortfalls: [
    {
      token: ZRX.address,
      kind: 'allowance',
      covers: 'amount',
      required: (40n * E18).toString(),
      available: (15n * E18).toString(),
    },
  ],
});
const filled = filledOrderRecord({ maker: MAKER });

function setup(orders = [unfunded, filled]) {
  return installTestNetwork({
    'GET /token': () => ({ body: TOKENS }),
    'GET /order': () => ({ body: orderPage(orders) }),
  });
}
const orderRequests = (relayer: ReturnType<typeof setup>) =>
  relayer.requests
    .filter((r) => r.url.pathname === '/order')
    .map((r) => Object.fromEntries(r.url.searchParams));

describe('MyOrdersPage', () => {
  test('asks for every order of the connected maker in every state, newest first', async () => {
    const relayer = setup();
    await renderWithProviders(<MyOrdersPage />, { wallet: { address: MAKER } });
    await screen.findByRole('list', { name: 'My orders' });
    expect(orderRequests(relayer)[0]).toEqual({
      per_page: '25',
      sort: 'createdAt',
      direction: 'desc',
      state: 'open,filled,cancelled,expired,unfunded',
      maker: MAKER,
    });
  });

  test('an unfunded order (hidden from the book) says why and what is missing, and offers Cancel; a filled one does not', async () => {
    setup();
    await renderWithProviders(<MyOrdersPage />, { wallet: { address: MAKER } });
    const list = await screen.findByRole('list', { name: 'My orders' });
    const [first, second] = [...list.querySelectorAll<HTMLElement>('[data-order]')];
    if (!first || !second) throw new Error('two orders expected');
    expect(first).toHaveTextContent('Sell 40 ZRX for 6 WETH');
    expect(first).toHaveTextContent('Maker unfunded');
    expect(first).toHaveTextContent("The maker's allowance to the token proxy is too low");
    expect(first).toHaveTextContent(
      'Missing 25 ZRX allowance to the token proxy (has 15 of 40 needed for the order)',
    );
    // Enabled once the wallet is ready (a new element then): read it afresh while waiting.
    await waitFor(() => {
      const card = screen.getByRole('list', { name: 'My orders' }).querySelector<HTMLElement>('[data-order]');
      expect(within(card as HTMLElement).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    });
    expect(second).toHaveTextContent('Filled');
    expect(within(second).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    // Named by its order, as the book's rows are: a list of links all called "Order page" says nothing.
    expect(within(second).getByRole('link', { name: orderLinkName(filled.orderHash) })).toHaveAttribute(
      'href',
      `/orders/${filled.orderHash}`,
    );
  });

  test('filters by states and by a pair, either direction', async () => {
    const user = userEvent.setup();
    const relayer = setup();
    await renderWithProviders(<MyOrdersPage />, { wallet: { address: MAKER } });
    await screen.findByRole('list', { name: 'My orders' });
    const states = screen.getByRole('group', { name: 'Filter by state' });
    await user.click(within(states).getByRole('button', { name: 'Maker unfunded' }));
    await user.click(within(states).getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(orderRequests(relayer).at(-1)?.state).toBe('open,unfunded'));
    const pick = async (label: string, symbol: string) => {
      await user.type(screen.getByRole('combobox', { name: label }), symbol);
      await user.click(await screen.findByRole('option', { name: new RegExp(`- ${symbol}$`) }));
    };
    await pick('Pair: one token', 'WETH');
    await pick('Pair: other token', 'ZRX');
    await waitFor(() =>
      expect(orderRequests(relayer).at(-1)).toMatchObject({
        state: 'open,unfunded',
        baseTokenAddress: WETH.address,
        quoteTokenAddress: ZRX.address,
      }),
    );
  });

  test("reloads on news of the maker's orders and after the live socket came back from a drop", async () => {
    const relayer = setup();
    await renderWithProviders(<MyOrdersPage />, { wallet: { address: MAKER } });
    await screen.findByRole('list', { name: 'My orders' });
    const socket = FakeWebSocket.latest();
    act(() => socket.open());
    const fetches = () => orderRequests(relayer).length;
    const before = fetches();
    // Another maker's new order is not news here; this maker's is.
    act(() =>
      socket.receive({
        type: 'update',
        channel: 'orders',
        requestId: 1,
        payload: orderRecord({ maker: WETH.address }),
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(fetches()).toBe(before);
    act(() =>
      socket.receive({
        type: 'update',
        channel: 'orders',
        requestId: 1,
        payload: orderRecord({ maker: MAKER }),
      }),
    );
    await waitFor(() => expect(fetches()).toBe(before + 1));

    act(() => socket.drop());
    await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(1), { timeout: 2000 });
    act(() => FakeWebSocket.latest().open());
    await waitFor(() => expect(fetches()).toBe(before + 2));
  });

  test('with no orders, says how to make one; without a wallet, asks to connect it', async () => {
    setup([]);
    const view = await renderWithProviders(<MyOrdersPage />, { wallet: { address: MAKER } });
    expect(await screen.findByText(/You have not made any orders on this network yet/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Make one from the order book' })).toHaveAttribute('href', '/');
    view.unmount();
    await renderWithProviders(<MyOrdersPage />);
    expect(
      await screen.findByText('Connect your wallet to see and cancel the orders your account made.'),
    ).toBeVisible();
  });

  test('ticks orders, or every open one from the relayer, and cancels them in one batchCancelOrders', async () => {
    const user = userEvent.setup();
    const open = orderRecord({
      maker: MAKER,
      makerTokenAmount: (3n * E18).toString(),
      remainingMakerTokenAmount: (3n * E18).toString(),
    });
    const chain = createFakeChain({ chainId: 1 });
    const relayer = installTestNetwork(
      {
        'GET /token': () => ({ body: TOKENS }),
        'GET /order': () => ({ body: orderPage([unfunded, open, filled]) }),
      },
      chain.rpc,
    );
    await renderWithProviders(<MyOrdersPage />, { wallet: { address: MAKER } });
    const list = await screen.findByRole('list', { name: 'My orders' });
    // The filled order has nothing to cancel, so no checkbox.
    await waitFor(() => expect(within(list).getAllByRole('checkbox')).toHaveLength(2));
    await user.click(within(list).getByRole('checkbox', { name: /^Select Sell 40 ZRX for 6 WETH/ }));
    expect(screen.getByText('1 order selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Select all open, all markets' }));
    expect(await screen.findByText('2 orders selected')).toBeInTheDocument();
    expect(orderRequests(relayer).at(-1)).toMatchObject({
      maker: MAKER,
      state: 'open,unfunded',
      per_page: '100',
    });

    await user.click(screen.getByRole('button', { name: 'Cancel selected (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel 2 orders' });
    expect(textsOf(dialog, 'listitem')).toEqual(['Sell 40 ZRX for 6 WETH', 'Sell 3 ZRX for 0.2 WETH']);
    const confirm = within(dialog).getByRole('button', { name: 'Cancel 2 orders' });
    // Its network cost is shown before the wallet is asked anything.
    expect(await within(dialog).findByText(/^Network cost: ~.* ETH.*gas$/)).toBeInTheDocument();
    await waitFor(() => expect(confirm).toBeEnabled());
    await user.click(confirm);
    await waitFor(() => expect(screen.getByText('No orders selected')).toBeInTheDocument());
    expect(chain.sent.map((tx) => tx.functionName)).toEqual(['batchCancelOrders']);
    expect(chain.sent[0]?.args[2]).toEqual([6n * E18, 2n * 10n ** 17n]);
  });
});
