import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { NARROW_SCREEN_QUERY } from '../shared/layout/narrowScreen';
import {
  FAKE_WETH,
  MAKER,
  orderPage,
  orderRecord,
  RATES_RESPONSE,
  TAKER,
  TOKENS_WITH_FAKE,
  USDC,
  WETH,
  ZRX,
} from '../test/fixtures';
import { renderWithProviders } from '../test/renderWithProviders';
import { installTestNetwork } from '../test/testNetwork';
import { OrdersTable } from './OrdersTable';
import { BOOK_CARDS_QUERY } from './useBookAsCards';

/** A screen `width` px wide, as far as CSS media queries go (jsdom has no layout). */
function screenWidth(width: number) {
  const original = window.matchMedia;
  window.matchMedia = (query: string) =>
    ({
      matches:
        query === NARROW_SCREEN_QUERY ? width < 600 : query === BOOK_CARDS_QUERY ? width < 1200 : false,
      media: query,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
  return () => {
    window.matchMedia = original;
  };
}

const cardOf = (text: string) => screen.getByText(text).closest('[data-order-card]') as HTMLElement;

function setup(pages: (url: URL) => ReturnType<typeof orderPage>) {
  const relayer = installTestNetwork({
    'GET /token': () => ({ body: TOKENS_WITH_FAKE }),
    'GET /rates': () => ({ body: RATES_RESPONSE }),
    'GET /order': ({ url }) => ({ body: pages(url) }),
  });
  return () =>
    relayer.requests
      .filter((r) => r.url.pathname === '/order')
      .map((r) => Object.fromEntries(r.url.searchParams));
}

describe('OrdersTable on a phone-sized screen', () => {
  let restore: () => void;
  beforeEach(() => {
    restore = screenWidth(390);
  });
  afterEach(() => restore());

  test('shows each order as a card with the table’s content: tokens, amounts, prices, fees, expiry, fillability', async () => {
    setup(() =>
      orderPage([
        // 1 WETH for 1500 USDC, a third filled: $1500 asked per WETH against $2000.
        orderRecord({
          makerTokenAddress: WETH.address,
          takerTokenAddress: USDC.address,
          takerTokenAmount: '1500000000',
          makerFee: '2500000000000000000',
          remainingMakerTokenAmount: '500000000000000000',
          remainingTakerTokenAmount: '750000000',
          filledTakerTokenAmount: '750000000',
        }),
        orderRecord({ makerTokenAddress: FAKE_WETH.address, takerTokenAddress: ZRX.address }),
      ]),
    );
    await renderWithProviders(<OrdersTable onTake={vi.fn()} onCancel={vi.fn()} />);
    expect(await screen.findAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    const weth = cardOf('0.5 of 1');
    expect(within(weth).getByText('750 of 1500')).toBeInTheDocument();
    expect(within(weth).getByText('USDC')).toBeInTheDocument();
    expect(within(weth).getByText('2000.000')).toBeInTheDocument(); // market price
    expect(within(weth).getByText('1500.000')).toBeInTheDocument(); // asking price
    expect(within(weth).getByText('25.0% below market')).toBeInTheDocument();
    expect(within(weth).getByText('2.5')).toBeInTheDocument(); // maker fee in ZRX
    expect(within(weth).getByText(/^in /)).toBeInTheDocument(); // expires
    expect(within(weth).getByText('Partly filled 50%')).toBeInTheDocument();

    // The lookalike WETH carries the same trust marks as in the table.
    const fake = screen.getByText('Unverified').closest('[data-order-card]') as HTMLElement;
    expect(within(fake).getByText('0x000000…a4e0')).toBeInTheDocument();
  });

  test('Take opens the order; Cancel is offered only on the connected maker’s own orders', async () => {
    const mine = orderRecord({ maker: MAKER, makerTokenAddress: ZRX.address });
    const theirs = orderRecord({
      maker: TAKER,
      makerTokenAddress: WETH.address,
      takerTokenAddress: USDC.address,
    });
    setup(() => orderPage([mine, theirs]));
    const onTake = vi.fn();
    const onCancel = vi.fn();
    await renderWithProviders(<OrdersTable onTake={onTake} onCancel={onCancel} />, {
      wallet: { address: MAKER },
    });
    await screen.findAllByRole('listitem');
    const cards = () => screen.getAllByRole('listitem');
    await waitFor(() =>
      expect(within(cards()[0] as HTMLElement).getByRole('button', { name: 'Take' })).toBeEnabled(),
    );
    const [first, second] = cards() as [HTMLElement, HTMLElement];
    await userEvent.click(within(second).getByRole('button', { name: 'Take' }));
    expect(onTake).toHaveBeenCalledWith(theirs);
    expect(within(second).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await userEvent.click(within(first).getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledWith(mine);
  });

  test('pages and sorts on the server like the table', async () => {
    const requests = setup((url) => {
      const page = Number(url.searchParams.get('page') ?? '1');
      return orderPage(
        Array.from({ length: 5 }, (_, i) =>
          orderRecord({ makerTokenAddress: ZRX.address, makerTokenAmount: `${page}00000000000000000${i}` }),
        ),
        { total: 12, page, nextCursor: page < 3 ? `after-${page}` : null },
      );
    });
    await renderWithProviders(<OrdersTable onTake={vi.fn()} onCancel={vi.fn()} />);
    expect(await screen.findByText('1–5 of 12')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('6–10 of 12')).toBeInTheDocument();
    expect(requests().at(-1)).toMatchObject({ page: '2', cursor: 'after-1' });

    await userEvent.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await userEvent.click(screen.getByRole('option', { name: 'Taker amount' }));
    await waitFor(() =>
      expect(requests().at(-1)).toMatchObject({ page: '1', sort: 'takerAmount', direction: 'asc' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Ascending: sort descending' }));
    await waitFor(() => expect(requests().at(-1)).toMatchObject({ sort: 'takerAmount', direction: 'desc' }));
    expect(await screen.findByText('1–5 of 12')).toBeInTheDocument();
  });

  test('says so when the book is empty', async () => {
    setup(() => orderPage([], { total: 0 }));
    await renderWithProviders(<OrdersTable onTake={vi.fn()} onCancel={vi.fn()} />);
    expect(await screen.findByText(/^No open orders yet/)).toBeInTheDocument();
  });
});

test('a wide screen keeps the table', async () => {
  const restore = screenWidth(1200);
  try {
    setup(() => orderPage([orderRecord({ makerTokenAddress: ZRX.address })]));
    await renderWithProviders(<OrdersTable onTake={vi.fn()} onCancel={vi.fn()} />);
    expect(await screen.findByRole('table', { name: 'Orders' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Orders' })).not.toBeInTheDocument();
  } finally {
    restore();
  }
});

test('a screen too narrow for the table (a laptop at 200 % zoom) reflows the book to cards', async () => {
  const restore = screenWidth(683);
  try {
    setup(() => orderPage([orderRecord({ makerTokenAddress: ZRX.address })]));
    await renderWithProviders(<OrdersTable onTake={vi.fn()} onCancel={vi.fn()} />);
    const list = await screen.findByRole('list', { name: 'Orders' });
    expect(within(list).getByRole('button', { name: 'Take' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  } finally {
    restore();
  }
});
