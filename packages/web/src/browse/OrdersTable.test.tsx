import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { describe, expect, test, vi } from 'vitest';
import {
  FAKE_WETH,
  MAKER,
  orderPage,
  orderRecord,
  RATES_RESPONSE,
  ratesResponse,
  TAKER,
  TOKENS,
  TOKENS_WITH_FAKE,
  USDC,
  WBTC,
  WETH,
  ZRX,
} from '../test/fixtures';
import { renderWithProviders } from '../test/renderWithProviders';
import { testWebConfig } from '../test/testConfig';
import { installTestNetwork } from '../test/testNetwork';
import { OrdersTable } from './OrdersTable';

function setup(pages: (url: URL) => ReturnType<typeof orderPage>, rates = RATES_RESPONSE) {
  return installTestNetwork({
    'GET /token': () => ({ body: TOKENS }),
    'GET /rates': () => ({ body: rates }),
    'GET /order': ({ url }) => ({ body: pages(url) }),
  });
}

const orderRequests = (relayer: ReturnType<typeof setup>) =>
  relayer.requests
    .filter((r) => r.url.pathname === '/order')
    .map((r) => Object.fromEntries(r.url.searchParams));

/** A column header's sort button (inside its `th`). */
const sortButton = async (name: RegExp) =>
  within(await screen.findByRole('columnheader', { name })).getByRole('button');

const rowOf = (cell: string | HTMLElement) =>
  (typeof cell === 'string' ? screen.getByText(cell) : cell).closest('tr') as HTMLElement;

/** One order, 1 WETH for 1,500 USDC (25 % below the fixtures' $2,000 WETH), shown with `rates`. */
async function renderBargainAt(rates: ReturnType<typeof ratesResponse>) {
  setup(
    () =>
      orderPage([
        orderRecord({
          makerTokenAddress: WETH.address,
          takerTokenAddress: USDC.address,
          takerTokenAmount: '1500000000',
        }),
      ]),
    rates,
  );
  await renderWithProviders(<OrdersTable onTake={vi.fn()} onCancel={vi.fn()} />);
}

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

/** The router's search string, for tests of state kept in the URL. */
function LocationSearch() {
  return <output aria-label="location search">{useLocation().search}</output>;
}

describe('OrdersTable', () => {
  test('lists verified tokens only until the trader shows unverified ones; the choice is kept in the URL', async () => {
    const relayer = setup(() => orderPage([orderRecord({ makerTokenAddress: ZRX.address })]));
    await renderWithProviders(
      <>
        <OrdersTable onTake={vi.fn()} onCancel={vi.fn()} />
        <LocationSearch />
      </>,
    );
    const toggle = await screen.findByRole('switch', { name: 'Show unverified tokens' });
    expect(toggle).not.toBeChecked();
    await waitFor(() => expect(orderRequests(relayer).at(-1)).toMatchObject({ verified: 'only', page: '1' }));
    await userEvent.click(toggle);
    expect(toggle).toBeChecked();
    await waitFor(() => expect(orderRequests(relayer).at(-1)).toMatchObject({ verified: 'all', page: '1' }));
    expect(screen.getByLabelText('location search')).toHaveTextContent('?unverified=shown');
    await userEvent.click(toggle);
    expect(screen.getByLabelText('location search')).toBeEmptyDOMElement();
    await waitFor(() => expect(orderRequests(relayer).at(-1)).toMatchObject({ verified: 'only' }));
  });

  test('a link with unverified tokens shown opens the book with them', async () => {
    const relayer = setup(() => orderPage([orderRecord({ makerTokenAddress: ZRX.address })]));
    await renderWithProviders(<OrdersTable onTake={vi.fn()} onCancel={vi.fn()} />, {
      path: '/?unverified=shown',
    });
    expect(await screen.findByRole('switch', { name: 'Show unverified tokens' })).toBeChecked();
    await waitFor(() => expect(orderRequests(relayer)[0]).toMatchObject({ verified: 'all' }));
    expect(orderRequests(relayer).every((query) => query.verified === 'all')).toBe(true);
  });

  test('shows amounts in human units per token decimals, fees, prices with their age, and N/A', async () => {
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
    // Market 60000 (WBTC); asking 1 USD × 90000 / 1.5 = 60000: at market. Both live prices, just fetched.
    expect(within(wbtc).getAllByText('60000.000')).toHaveLength(2);
    expect(within(wbtc).getAllByText('live · just now')).toHaveLength(2);
    expect(within(wbtc).getByText('at market')).toBeInTheDocument();

    const unknown = rowOf(screen.getByText('Unlisted'));
    expect(within(unknown).getByText('0x999999…9999')).toBeInTheDocument();
    expect(within(unknown).getAllByText('N/A')).toHaveLength(1); // asking price needs the taker token
    expect(within(unknown).getByText('2000.000')).toBeInTheDocument();
    expect(within(unknown).getByText(/^7/)).toHaveTextContent('7 (base units)');
  });

  test('judges the asking price from the taker’s side, in words, percentage and colour', async () => {
    setup(() =>
      orderPage([
        // 1 ZRX for 0.2 WETH: $400 asked per ZRX against $0.5: the taker would overpay.
        orderRecord({ makerTokenAddress: ZRX.address, takerTokenAmount: '200000000000000000' }),
        // 1 WETH for 1500 USDC: $1500 asked per WETH against $2000: 25% below market, a bargain.
        orderRecord({
          makerTokenAddress: WETH.address,
          takerTokenAddress: USDC.address,
          takerTokenAmount: '1500000000',
        }),
      ]),
    );
    await renderWithProviders(<OrdersTable onTake={vi.fn()} onCancel={vi.fn()} />);
    const bargain = await screen.findByText('25.0% below market');
    expect(rowOf('1500.000')).toContainElement(bargain);
    expect(bargain.closest('[data-judgement]')).toHaveAttribute('data-judgement', 'good');
    expect(bargain.closest('[data-judgement]')).toHaveAttribute(
      'title',
      'The order asks 25.0% below market: good for whoever takes it',
    );
    const dear = screen.getByText('79900.0% above market');
    expect(dear.closest('[data-judgement]')).toHaveAttribute('data-judgement', 'bad');
  });

  /** The bargain's row under prices that are not live: both prices say why, and the judgement is neutral. */
  const expectNeutralBargain = async (note: string) => {
    const row = rowOf(await screen.findByText('25.0% below market'));
    expect(within(row).getAllByText(note)).toHaveLength(2);
    expect(within(row).getByText('25.0% below market').closest('[data-judgement]')).toHaveAttribute(
      'data-judgement',
      'neutral',
    );
  };

  test('marks example prices as such and shows no good/bad colour on them', async () => {
    await renderBargainAt(ratesResponse(undefined, 'example'));
    await expectNeutralBargain('example price');
  });

  test('marks stale prices with their age and shows no good/bad colour on them', async () => {
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000).toISOString();
    await renderBargainAt(ratesResponse(undefined, 'stale', undefined, twoHoursAgo));
    await expectNeutralBargain('stale · 2 h old');
  });

  test('an unverified lookalike is marked with its address and borrows no price from the coin it imitates', async () => {
    installTestNetwork({
      'GET /token': () => ({ body: TOKENS_WITH_FAKE }),
      'GET /rates': () => ({ body: RATES_RESPONSE }),
      'GET /order': () => ({
        body: orderPage([
          orderRecord({
            makerTokenAddress: FAKE_WETH.address,
            takerTokenAddress: USDC.address,
            takerTokenAmount: '1500000000',
          }),
        ]),
      }),
    });
    await renderWithProviders(<OrdersTable onTake={vi.fn()} onCancel={vi.fn()} />);
    const row = rowOf(await screen.findByText('Unverified'));
    expect(within(row).getByText('0x000000…a4e0')).toBeInTheDocument();
    // The real WETH is $2000; the lookalike has no market price and no judgement.
    expect(within(row).queryByText('2000.000')).not.toBeInTheDocument();
    expect(within(row).getByText('N/A')).toBeInTheDocument();
    expect(within(row).queryByText(/market$/)).not.toBeInTheDocument();
  });

  test('shows expiry by the clock, fillability and reservation per row', async () => {
    const now = Math.floor(Date.now() / 1000);
    setup(() =>
      orderPage([
        orderRecord({ expirationUnixTimestampSec: String(now + 245) }),
        orderRecord({
          makerTokenAddress: WETH.address,
          taker: TAKER,
          filledTakerTokenAmount: '80000000000000000',
          remainingTakerTokenAmount: '120000000000000000',
          fillableTakerTokenAmount: '120000000000000000',
        }),
      ]),
    );
    await renderWithProviders(<OrdersTable onTake={vi.fn()} onCancel={vi.fn()} />);
    const soon = rowOf(await screen.findByText('in 4 min'));
    expect(within(soon).getByText('Fully fillable')).toBeInTheDocument();
    expect(soon.querySelector('[data-fillability-detail]')).toBeNull();
    const partly = rowOf(screen.getByText('Partly filled 40%'));
    // What the badge does not say is written under it, not in a tooltip.
    expect(within(partly).getByText('40% filled; 60% is left.')).toBeVisible();
    expect(within(partly).getByText('Reserved for 0x6ecbe1…6beb')).toBeInTheDocument();
    const take = within(partly).getByRole('button', { name: 'Take' });
    expect(take).toBeDisabled();
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
      verified: 'only',
    });

    await user.click(await sortButton(/Taker Fee/));
    await waitFor(() =>
      expect(orderRequests(relayer).at(-1)).toMatchObject({ sort: 'takerFee', direction: 'asc', page: '1' }),
    );
    await user.click(await sortButton(/Taker Fee/));
    await waitFor(() =>
      expect(orderRequests(relayer).at(-1)).toMatchObject({ sort: 'takerFee', direction: 'desc' }),
    );

    await waitFor(() => expect(screen.getByRole('button', { name: /next page/i })).toBeEnabled());
    await waitFor(() => expect(screen.getByRole('table')).not.toHaveAttribute('aria-busy', 'true'));
    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(
      () =>
        expect(orderRequests(relayer).at(-1)).toEqual({
          page: '2',
          per_page: '5',
          sort: 'takerFee',
          direction: 'desc',
          verified: 'only',
          cursor: 'after-1',
        }),
      { timeout: 5000 },
    );
    // The table stays on page 2 (it once jumped back to page 1 on re-render).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByText(/^6–10 of 12/)).toBeInTheDocument();
  });

  test('amounts sort by their human value, prices and expiry on the server too', async () => {
    const user = userEvent.setup();
    const relayer = setup(() => orderPage([orderRecord()]));
    await renderWithProviders(<OrdersTable onTake={vi.fn()} onCancel={vi.fn()} />);
    const sortBy = async (header: RegExp, sort: string) => {
      await user.click(await sortButton(header));
      await waitFor(() => expect(orderRequests(relayer).at(-1)).toMatchObject({ sort, direction: 'asc' }));
    };
    await sortBy(/Maker Amount/, 'makerAmount');
    await sortBy(/Taker Amount/, 'takerAmount');
    await sortBy(/Asking Price/, 'askingPrice');
    await sortBy(/Market Price/, 'marketPrice');
    await sortBy(/Expires/, 'expirationUnixTimestampSec');
  });

  test('price columns do not sort when the app reads a ticker of its own (the relayer sorts by its prices)', async () => {
    const user = userEvent.setup();
    const relayer = setup(() => orderPage([orderRecord()]));
    await renderWithProviders(<OrdersTable onTake={vi.fn()} onCancel={vi.fn()} />, {
      config: testWebConfig({ tickerUrl: 'https://ticker.test/v1/ticker/' }),
    });
    for (const name of [/Asking Price/, /Market Price/]) {
      const header = await screen.findByRole('columnheader', { name });
      expect(within(header).queryByRole('button')).not.toBeInTheDocument();
      await user.click(header);
    }
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
        verified: 'only',
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
    expect(await screen.findByText('No open orders for these tokens yet - make one')).toBeInTheDocument();
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
    // Written beside the button (ActionButton) in two words, one size in every row, and its description;
    // the home page's notice says the rest once.
    await waitFor(() => expect(take).toHaveAccessibleDescription('No wallet'));
    expect(rowOf(take).querySelector('[data-reserve]')).toHaveAttribute(
      'data-reserve',
      'Waiting for wallet…',
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
    // Re-read each time: a button the wallet enables is a new element (its disabled form sits in a tooltip wrapper).
    const takes = () => screen.getAllByRole('button', { name: 'Take' });
    await waitFor(() => expect(takes()[1]).toBeEnabled(), { timeout: 5000 });
    expect(screen.getAllByRole('button', { name: 'Cancel' })).toHaveLength(1);
    await user.click(takes()[1] as HTMLElement);
    expect(onTake).toHaveBeenCalledWith(theirs);
  });

  test('expiry and fillability follow the chain’s clock the relayer reports, not this computer’s', async () => {
    const now = Math.floor(Date.now() / 1000);
    // The chain runs 10 minutes ahead (time moved forward on a dev chain).
    const chain = {
      chainId: 1,
      blockNumber: 7,
      blockTimestampSec: now + 600,
      serverTimeSec: now,
      nowSec: now + 600,
      expiryMarginSec: 60,
    };
    installTestNetwork({
      'GET /token': () => ({ body: TOKENS }),
      'GET /rates': () => ({ body: RATES_RESPONSE }),
      'GET /chain': () => ({ body: chain }),
      'GET /order': () => ({
        body: orderPage([
          orderRecord({ expirationUnixTimestampSec: String(now + 900) }),
          orderRecord({ makerTokenAddress: WETH.address, expirationUnixTimestampSec: String(now + 300) }),
        ]),
      }),
    });
    await renderWithProviders(<OrdersTable onTake={vi.fn()} onCancel={vi.fn()} />);
    // 15 minutes by this computer's clock, 5 by the chain's.
    const later = rowOf(await screen.findByText('in 5 min'));
    expect(within(later).getByText('Fully fillable')).toBeInTheDocument();
    const gone = rowOf(screen.getByText('expired 5 min ago'));
    expect(within(gone).getByText('Would be refused')).toBeInTheDocument();
    expect(
      within(gone).getByText('Expired by the chain’s clock: the Exchange refuses every fill'),
    ).toBeVisible();
  });
});
