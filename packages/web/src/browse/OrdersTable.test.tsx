import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import {
  MAKER,
  orderPage,
  orderRecord,
  RATES_RESPONSE,
  TAKER,
  TOKENS,
  USDC,
  WBTC,
  WETH,
  ZRX,
} from '../test/fixtures';
import { renderWithProviders } from '../test/renderWithProviders';
import { installTestNetwork } from '../test/testNetwork';
import { OrdersTable } from './OrdersTable';

function setup(pages: (url: URL) => ReturnType<typeof orderPage>) {
  return installTestNetwork({
    'GET /token': () => ({ body: TOKENS }),
    'GET /rates': () => ({ body: RATES_RESPONSE }),
    'GET /order': ({ url }) => ({ body: pages(url) }),
  });
}

const orderRequests = (relayer: ReturnType<typeof setup>) =>
  relayer.requests
    .filter((r) => r.url.pathname === '/order')
    .map((r) => Object.fromEntries(r.url.searchParams));

const rowOf = (cell: string | HTMLElement) =>
  (typeof cell === 'string' ? screen.getByText(cell) : cell).closest('[role="row"]') as HTMLElement;

// The grid is lazy-loaded; load it once up front so the first test does not time out transforming it.
beforeAll(() => import('./OrdersGrid'));

function FilterHarness() {
  const [filtered, setFiltered] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setFiltered(true)}>
        choose tokens
      </button>
      <OrdersTable
        makerTokenAddress={filtered ? ZRX.address : undefined}
        takerTokenAddress={filtered ? WETH.address : undefined}
        onTake={vi.fn()}
        onCancel={vi.fn()}
      />
    </>
  );
}

describe('OrdersTable', () => {
  test('shows amounts in human units per token decimals, fees, prices and N/A', async () => {
    setup(() =>
      orderPage([
        orderRecord({
          makerTokenAddress: WBTC.address,
          makerTokenAmount: '150000000',
          takerTokenAddress: USDC.address,
          takerTokenAmount: '90000000000',
          makerFee: '2500000000000000000',
        }),
        orderRecord({
          makerTokenAddress: WETH.address,
          takerTokenAddress: '0x9999999999999999999999999999999999999999',
          takerTokenAmount: '7',
        }),
      ]),
    );
    await renderWithProviders(<OrdersTable onTake={vi.fn()} onCancel={vi.fn()} />);
    const wbtc = rowOf(await screen.findByText('WBTC'));
    expect(within(wbtc).getByText('1.5')).toBeInTheDocument();
    expect(within(wbtc).getByText('90000')).toBeInTheDocument();
    expect(within(wbtc).getByText('2.5')).toBeInTheDocument(); // maker fee in ZRX
    expect(within(wbtc).getByText('0')).toBeInTheDocument(); // empty taker fee
    // Market 60000 (WBTC); asking 1 USD × 90000 / 1.5 = 60000: not above market.
    expect(within(wbtc).getAllByText('60000.000')).toHaveLength(2);

    const unknown = rowOf('0x999999…');
    expect(within(unknown).getAllByText('N/A')).toHaveLength(1); // asking price needs the taker token
    expect(within(unknown).getByText('2000.000')).toBeInTheDocument();
    expect(within(unknown).getByText(/^7/)).toHaveTextContent('7 (base units)');
  });

  test('marks asking prices good or bad with an accessible label, not colour alone', async () => {
    setup(() =>
      orderPage([
        orderRecord({ makerTokenAddress: ZRX.address, takerTokenAmount: '200000000000000000' }), // 400 > 0.5
        orderRecord({
          makerTokenAddress: WETH.address,
          takerTokenAddress: USDC.address,
          takerTokenAmount: '1000000',
        }), // 1 < 2000
      ]),
    );
    await renderWithProviders(<OrdersTable onTake={vi.fn()} onCancel={vi.fn()} />);
    const good = await screen.findByRole('img', { name: 'Good price: asking above market' });
    expect(rowOf('400.000')).toContainElement(good);
    const bad = screen.getByRole('img', { name: 'Bad price: asking not above market' });
    expect(rowOf('1.000')).toContainElement(bad);
  });

  test('shows what remains of a partly filled order', async () => {
    setup(() =>
      orderPage([
        orderRecord({
          remainingMakerTokenAmount: '500000000000000000',
          remainingTakerTokenAmount: '100000000000000000',
        }),
      ]),
    );
    await renderWithProviders(<OrdersTable onTake={vi.fn()} onCancel={vi.fn()} />);
    expect(await screen.findByText('0.5 of 1')).toBeInTheDocument();
    expect(screen.getByText('0.1 of 0.2')).toBeInTheDocument();
  });

  test('asks the relayer for page 1, 5 rows, makerFee ascending, then sorts and pages on the server', async () => {
    const user = userEvent.setup();
    const relayer = setup((url) =>
      orderPage(
        Array.from({ length: Number(url.searchParams.get('per_page')) }, () => orderRecord()),
        {
          total: 12,
          page: Number(url.searchParams.get('page')),
          nextCursor: `after-${url.searchParams.get('page')}`,
        },
      ),
    );
    await renderWithProviders(<OrdersTable onTake={vi.fn()} onCancel={vi.fn()} />);
    await waitFor(() => expect(orderRequests(relayer)).toHaveLength(1));
    expect(orderRequests(relayer)[0]).toEqual({
      page: '1',
      per_page: '5',
      sort: 'makerFee',
      direction: 'asc',
    });

    await user.click(await screen.findByRole('columnheader', { name: /Taker Fee/ }));
    await waitFor(() =>
      expect(orderRequests(relayer).at(-1)).toMatchObject({ sort: 'takerFee', direction: 'asc', page: '1' }),
    );
    await user.click(screen.getByRole('columnheader', { name: /Taker Fee/ }));
    await waitFor(() =>
      expect(orderRequests(relayer).at(-1)).toMatchObject({ sort: 'takerFee', direction: 'desc' }),
    );

    await waitFor(() => expect(screen.getByRole('button', { name: /next page/i })).toBeEnabled());
    await waitFor(() => expect(screen.getByRole('grid')).not.toHaveAttribute('aria-busy', 'true'));
    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(
      () =>
        expect(orderRequests(relayer).at(-1)).toEqual({
          page: '2',
          per_page: '5',
          sort: 'takerFee',
          direction: 'desc',
          cursor: 'after-1',
        }),
      { timeout: 5000 },
    );
    // The grid stays on page 2 (it once jumped back to page 1 on re-render).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByText(/^6–10 of 12/)).toBeInTheDocument();
  });

  test('price columns are not sortable', async () => {
    const user = userEvent.setup();
    const relayer = setup(() => orderPage([orderRecord()]));
    await renderWithProviders(<OrdersTable onTake={vi.fn()} onCancel={vi.fn()} />);
    await user.click(await screen.findByRole('columnheader', { name: /Asking Price/ }));
    await user.click(screen.getByRole('columnheader', { name: /Market Price/ }));
    expect(orderRequests(relayer).every((query) => query.sort === 'makerFee')).toBe(true);
  });

  test('choosing tokens filters and reloads from page 1', async () => {
    const user = userEvent.setup();
    const relayer = setup(() => orderPage([orderRecord()], { total: 1 }));
    await renderWithProviders(<FilterHarness />);
    await waitFor(() => expect(orderRequests(relayer)).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'choose tokens' }));
    await waitFor(() =>
      expect(orderRequests(relayer).at(-1)).toEqual({
        page: '1',
        per_page: '5',
        sort: 'makerFee',
        direction: 'asc',
        makerTokenAddress: ZRX.address,
        takerTokenAddress: WETH.address,
      }),
    );
  });

  test('says so when there are no orders, and when they cannot be loaded', async () => {
    setup(() => orderPage([]));
    await renderWithProviders(
      <OrdersTable makerTokenAddress={ZRX.address} onTake={vi.fn()} onCancel={vi.fn()} />,
    );
    expect(await screen.findByText('No open orders for these tokens')).toBeInTheDocument();
  });

  test('shows a load failure with a retry', async () => {
    installTestNetwork({
      'GET /order': () => ({
        status: 503,
        body: { code: 503, reason: 'down', error: 'DATABASE_UNAVAILABLE' },
      }),
    });
    await renderWithProviders(<OrdersTable onTake={vi.fn()} onCancel={vi.fn()} />);
    expect(
      await screen.findByText(/Could not load the orders: The relayer is temporarily unavailable/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  test('Take is disabled with the reason without a wallet', async () => {
    setup(() => orderPage([orderRecord()]));
    await renderWithProviders(<OrdersTable onTake={vi.fn()} onCancel={vi.fn()} />);
    const take = await screen.findByRole('button', { name: 'Take' });
    expect(take).toBeDisabled();
    expect(take.parentElement).toHaveAttribute(
      'title',
      expect.stringMatching(/install a browser wallet to trade/),
    );
  });

  test('Take opens the order; the maker also gets Cancel on their own orders', async () => {
    const user = userEvent.setup();
    const mine = orderRecord({ maker: MAKER });
    const theirs = orderRecord({
      maker: TAKER,
      makerTokenAddress: WETH.address,
    });
    setup(() => orderPage([mine, theirs]));
    const onTake = vi.fn();
    await renderWithProviders(<OrdersTable onTake={onTake} onCancel={vi.fn()} />, {
      wallet: { address: MAKER },
    });
    const takes = await screen.findAllByRole('button', { name: 'Take' });
    await waitFor(() => expect(takes[1]).toBeEnabled());
    expect(screen.getAllByRole('button', { name: 'Cancel' })).toHaveLength(1);
    await user.click(takes[1] as HTMLElement);
    expect(onTake).toHaveBeenCalledWith(theirs);
  });
});
