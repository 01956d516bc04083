import type { Address, Candle, OrderbookRecordsResponse, OrderRecord, Ticker } from '@relayer/protocol';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { FakeWebSocket } from '../test/FakeWebSocket';
import {
  MAKER,
  orderPage,
  orderRecord,
  RATES_RESPONSE,
  TAKER,
  TOKENS,
  WBTC,
  WETH,
  ZRX,
} from '../test/fixtures';
import { renderWithProviders } from '../test/renderWithProviders';
import { installTestNetwork } from '../test/testNetwork';
import { tradeRecord } from '../test/tradeFixtures';
import { MarketPage } from './MarketPage';

beforeAll(async () => {
  await Promise.all([
    import('./DepthChart'),
    import('../take/TakeOrderForm'),
    import('./history/PriceHistory'),
  ]);
});
beforeEach(() => {
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
});

const E18 = 10n ** 18n;
const wei = (whole: number, thousandths = 0) =>
  String(BigInt(whole) * E18 + (BigInt(thousandths) * E18) / 1000n);
/** Sells `zrx` ZRX for `weth` WETH (an ask of the ZRX/WETH market). */
const ask = (zrx: string, weth: string, overrides: Partial<OrderRecord> = {}) =>
  orderRecord({
    makerTokenAddress: ZRX.address,
    makerTokenAmount: zrx,
    takerTokenAddress: WETH.address,
    takerTokenAmount: weth,
    ...overrides,
  });
/** Buys `zrx` ZRX for `weth` WETH (a bid). */
const bid = (zrx: string, weth: string) =>
  orderRecord({
    makerTokenAddress: WETH.address,
    makerTokenAmount: weth,
    takerTokenAddress: ZRX.address,
    takerTokenAmount: zrx,
  });

/** The relayer's answer: page `page` of 100 orders per side, with each side's total. */
function answer(book: { asks: OrderRecord[]; bids: OrderRecord[] }, page = 1): OrderbookRecordsResponse {
  const slice = (orders: OrderRecord[]) => orders.slice((page - 1) * 100, page * 100);
  return {
    asks: slice(book.asks),
    bids: slice(book.bids),
    total: { asks: book.asks.length, bids: book.bids.length },
    page,
    perPage: 100,
  };
}

/** The price history the fake relayer answers (tests replace it). */
const T0 = 1_700_000_040;
const history: { candles: Candle[]; ticker: Ticker | null } = { candles: [], ticker: null };
beforeEach(() => {
  history.candles = [];
  history.ticker = null;
});

async function setup(
  initial: { asks: OrderRecord[]; bids: OrderRecord[] },
  path = `/markets/${ZRX.address}/${WETH.address}`,
  recent: OrderRecord[] = [],
  wallet?: Address,
) {
  const book = { ...initial };
  const relayer = installTestNetwork({
    'GET /token': () => ({ body: TOKENS }),
    'GET /rates': () => ({ body: RATES_RESPONSE }),
    'GET /order': () => ({ body: orderPage(recent) }),
    'GET /v0/orderbook': ({ url }) => ({ body: answer(book, Number(url.searchParams.get('page'))) }),
    'GET /tickers': () => ({ body: { at: T0 + 600, tickers: history.ticker ? [history.ticker] : [] } }),
    [`GET /markets/${ZRX.address}/${WETH.address}/candles`]: ({ url }) => ({
      body: {
        baseTokenAddress: ZRX.address,
        quoteTokenAddress: WETH.address,
        interval: url.searchParams.get('interval'),
        from: T0,
        to: T0 + 600,
        candles: history.candles,
        nextFrom: null,
      },
    }),
  });
  const view = await renderWithProviders(
    <Routes>
      <Route path="/markets" element={<MarketPage />} />
      <Route path="/markets/:base/:quote" element={<MarketPage />} />
    </Routes>,
    wallet ? { path, wallet: { address: wallet } } : { path },
  );
  return { book, relayer, view };
}

/** A side's rows as shown (DOM queries: role queries over a hundred rows are slow in jsdom). */
const ladderRows = (name: 'Asks' | 'Bids') =>
  Array.from(
    screen.getByRole('table', { name: new RegExp(`^${name}`) }).querySelectorAll('tbody tr'),
    (row) => Array.from(row.querySelectorAll('td'), (cell) => cell.textContent),
  ).filter((cells) => cells.length > 1);

describe('MarketPage', () => {
  test('asks lowest first and bids highest first, amounts remaining, cumulative depth, spread and mid', async () => {
    const partly = ask(wei(200), wei(0, 200), {
      // Half filled: 100 ZRX of 200 left.
      remainingMakerTokenAmount: wei(100),
      remainingTakerTokenAmount: wei(0, 100),
      // The maker's funds cover only 40 of them.
      fillableMakerTokenAmount: wei(40),
      fillableTakerTokenAmount: wei(0, 40),
    });
    history.ticker = {
      baseTokenAddress: ZRX.address,
      quoteTokenAddress: WETH.address,
      last: '0.00098',
      lastTradeAt: T0,
      open: '0.001005',
      change: '-0.000025',
      changePercent: '-2.5',
      high: '0.001005',
      low: '0.00098',
      baseVolume: wei(20),
      quoteVolume: wei(0, 20),
      tradeCount: 2,
      bestBid: null,
      bestAsk: null,
    };
    const { relayer } = await setup({
      asks: [ask(wei(50), wei(0, 60)), partly, ask(wei(100), wei(0, 100))],
      bids: [bid(wei(10), wei(0, 9)), bid(wei(100), wei(0, 95))],
    });
    await screen.findAllByRole('table', {}, { timeout: 5000 });
    const request = relayer.requests.find((r) => r.url.pathname === '/v0/orderbook');
    expect(Object.fromEntries(request?.url.searchParams ?? [])).toMatchObject({
      baseTokenAddress: ZRX.address,
      quoteTokenAddress: WETH.address,
      records: 'true',
    });
    // Price (9 places: 6 significant digits of 0.0009), amount, total, depth.
    expect(ladderRows('Asks')).toEqual([
      ['0.001000000', '100', '0.1', '100'],
      ['0.001000000', '100', '0.1', '200'],
      ['0.001200000', '50', '0.06', '250'],
    ]);
    expect(ladderRows('Bids')).toEqual([
      ['0.000950000', '100', '0.095', '100'],
      ['0.000900000', '10', '0.009', '110'],
    ]);
    const summary = screen.getByLabelText('Market summary');
    expect(summary.textContent).toContain('Spread0.000050000 (5.13%)');
    expect(summary.textContent).toContain('Mid price0.000975000');
    // The last trade's price at the book's places, and its 24 h change.
    await waitFor(() => expect(summary.textContent).toContain('Last price0.000980000'));
    expect(summary.textContent).toContain('24 h change-2.50%');
    expect(screen.getAllByLabelText('Only partly funded')).toHaveLength(1);
    expect(await screen.findByRole('img', { name: /Depth chart/ }, { timeout: 5000 })).toBeInTheDocument();
  });

  test('a new order arriving over the WebSocket takes its place in the ladder without a reload', async () => {
    const { book } = await setup({ asks: [ask(wei(100), wei(0, 100))], bids: [] });
    await screen.findAllByRole('table', {}, { timeout: 5000 });
    // The page opens two sockets: the ladder's (orderbook channel) and its recent trades' (trades channel).
    act(() => {
      for (const candidate of FakeWebSocket.instances)
        if (candidate.readyState === FakeWebSocket.CONNECTING) candidate.open();
    });
    const socket = FakeWebSocket.instances.find((candidate) =>
      candidate.sent.some((message) => (message as { channel?: string }).channel === 'orderbook'),
    );
    if (!socket) throw new Error('the ladder opened no orderbook socket');
    expect(socket.sent).toEqual([
      {
        type: 'subscribe',
        channel: 'orderbook',
        requestId: 1,
        payload: { baseTokenAddress: ZRX.address, quoteTokenAddress: WETH.address },
      },
    ]);
    const better = ask(wei(100), wei(0, 90));
    book.asks = [better, ...book.asks];
    const { orderHash: _hash, state: _state, ...signed } = better;
    act(() => socket.receive({ type: 'update', channel: 'orderbook', requestId: 1, payload: signed }));
    await waitFor(() =>
      expect(ladderRows('Asks').map((row) => row[0])).toEqual(['0.000900000', '0.001000000']),
    );
    expect(ladderRows('Asks')[1]?.[3]).toBe('200');

    // A removal drops the row (patched at once, then confirmed by the refetch).
    book.asks = book.asks.filter((order) => order !== better);
    act(() =>
      socket.receive({
        type: 'remove',
        channel: 'orderbook',
        requestId: 1,
        payload: { orderHash: better.orderHash, state: 'filled' },
      }),
    );
    // (Eight places now: six significant digits of the smallest price left, 0.001.)
    await waitFor(() => expect(ladderRows('Asks').map((row) => row[0])).toEqual(['0.00100000']));
  });

  test('a deeper book loads 100 more orders of each side on request, in price order', async () => {
    // 110 asks, 0.001 + i/1000 WETH per ZRX, given in order as the relayer would.
    const asks = Array.from({ length: 110 }, (_, i) => ask(wei(1), wei(0, 1 + i)));
    const { relayer } = await setup({ asks, bids: [] });
    await screen.findAllByRole('table', {}, { timeout: 5000 });
    expect(ladderRows('Asks')).toHaveLength(100);
    expect(screen.getByText(/best 100 of 110/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show the next 100 orders of each side' }));
    await waitFor(() => expect(ladderRows('Asks')).toHaveLength(110), { timeout: 5000 });
    expect(ladderRows('Asks').at(-1)).toEqual(['0.11000000', '1', '0.11', '110']);
    const pages = relayer.requests
      .filter((r) => r.url.pathname === '/v0/orderbook')
      .map((r) => r.url.searchParams.get('page'));
    expect(pages).toContain('2');
    expect(screen.queryByRole('button', { name: /Show the next/ })).not.toBeInTheDocument();
  });

  test('a row opens the Take dialog for its order', async () => {
    await setup({ asks: [ask(wei(100), wei(0, 100))], bids: [] });
    await screen.findAllByRole('table', {}, { timeout: 5000 });
    const row = screen.getByRole('table', { name: /^Asks/ }).querySelector('tbody tr');
    await userEvent.click(row as HTMLElement);
    expect(await screen.findByRole('heading', { name: 'Take Order' }, { timeout: 5000 })).toBeInTheDocument();
  });

  test("the connected account's own order is marked and opens Cancel instead of Take", async () => {
    const mine = ask(wei(100), wei(0, 100), { maker: MAKER });
    const path = `/markets/${ZRX.address}/${WETH.address}`;
    await setup({ asks: [mine, ask(wei(100), wei(0, 200), { maker: TAKER })], bids: [] }, path, [], MAKER);
    await screen.findAllByRole('table', {}, { timeout: 5000 });
    const rows = screen.getByRole('table', { name: /^Asks/ }).querySelectorAll('tbody tr');
    expect(rows[0]?.textContent).toContain('yours');
    expect(rows[1]?.textContent).not.toContain('yours');
    await userEvent.click(rows[0] as HTMLElement);
    expect(
      await screen.findByRole('heading', { name: 'Cancel Order' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  test('a book that cannot be loaded says so, and shows no empty ladder', async () => {
    installTestNetwork({
      'GET /token': () => ({ body: TOKENS }),
      'GET /v0/orderbook': () => ({
        status: 503,
        body: { code: 503, reason: 'down', error: 'DATABASE_UNAVAILABLE' },
      }),
    });
    await renderWithProviders(
      <Routes>
        <Route path="/markets/:base/:quote" element={<MarketPage />} />
      </Routes>,
      { path: `/markets/${ZRX.address}/${WETH.address}` },
    );
    expect(
      await screen.findByText(/The book could not be loaded/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText('No orders for this pair yet - make one.')).not.toBeInTheDocument();
  });

  test('an empty market says what to do', async () => {
    await setup({ asks: [], bids: [] });
    expect(await screen.findByText('No orders for this pair yet - make one.')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Make an ask' }).length).toBeGreaterThan(0);
  });

  test('/markets opens the pair with the most recent orders, quoted in WETH', async () => {
    const order = (maker: Address, taker: Address) =>
      orderRecord({ makerTokenAddress: maker, takerTokenAddress: taker });
    await setup({ asks: [], bids: [] }, '/markets', [
      bid(wei(1), wei(1)),
      order(WETH.address, WBTC.address),
      order(WBTC.address, WETH.address),
    ]);
    const base = await screen.findByRole('combobox', { name: 'Base token' }, { timeout: 5000 });
    expect(base).toHaveValue(`${WBTC.name} - WBTC`);
    expect(screen.getByRole('combobox', { name: 'Quote token' })).toHaveValue(`${WETH.name} - WETH`);
  });

  test('a token the relayer does not list, or a malformed address, gets a clear page', async () => {
    await setup({ asks: [], bids: [] }, `/markets/0x${'9'.repeat(40)}/${WETH.address}`);
    expect(await screen.findByText(/This relayer lists no token at 0x9{40}/)).toBeInTheDocument();
  });

  test('a link by symbols opens the market of the verified tokens, at its address link', async () => {
    await setup({ asks: [], bids: [] }, '/markets/ZRX/WETH');
    const base = await screen.findByRole('combobox', { name: 'Base token' }, { timeout: 5000 });
    expect(base).toHaveValue(`${ZRX.name} - ZRX`);
    expect(screen.getByRole('combobox', { name: 'Quote token' })).toHaveValue(`${WETH.name} - WETH`);
  });

  test('a symbol no verified token has gets a clear page naming it', async () => {
    await setup({ asks: [], bids: [] }, '/markets/NOPE/WETH');
    expect(await screen.findByText(/This market link names “NOPE”/)).toBeInTheDocument();
  });

  test('shows the 24 h figures and the candles, puts a candles message in place and re-reads the figures', async () => {
    const candle = (start: number, open: string, close: string, count: number): Candle => ({
      start,
      open,
      high: close > open ? close : open,
      low: close > open ? open : close,
      close,
      baseVolume: wei(count * 10),
      quoteVolume: wei(count),
      tradeCount: count,
    });
    history.candles = [candle(T0 - 40, '0.1', '0.2', 2)];
    const ticker: Ticker = {
      baseTokenAddress: ZRX.address,
      quoteTokenAddress: WETH.address,
      last: '0.2',
      lastTradeAt: T0,
      open: '0.1',
      change: '0.1',
      changePercent: '100',
      high: '0.2',
      low: '0.1',
      baseVolume: wei(20),
      quoteVolume: wei(3),
      tradeCount: 2,
      bestBid: null,
      bestAsk: null,
    };
    history.ticker = ticker;
    const { relayer } = await setup({ asks: [], bids: [] });
    const figures = await screen.findByLabelText('24 hour figures', {}, { timeout: 5000 });
    await waitFor(() => expect(figures.textContent).toContain('Last price0.2'));
    expect(figures.textContent).toContain('24 h change+0.1 (+100%)');
    expect(figures.textContent).toContain('24 h volume (ZRX)20');
    // The market list shows the same market's last price and change, as a link to it.
    const list = await screen.findByRole('table', { name: 'Markets, last price and 24 h change' });
    const listRows = Array.from(list.querySelectorAll('tbody tr'), (row) =>
      Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent),
    );
    expect(listRows).toEqual([['ZRX/WETH', '0.2', '+100%', '2']]);
    const chart = await screen.findByRole('img', {
      name: /Candle chart, WETH per ZRX, 1 minute candles: 1 from/,
    });
    expect(chart).toBeInTheDocument();
    const table = screen.getByRole('table', { name: /1 minute candles/ });
    const rows = () =>
      Array.from(table.querySelectorAll('tbody tr'), (row) =>
        Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent),
      );
    expect(rows()).toEqual([['2023-11-14 22:13 UTC', '0.1', '0.2', '0.1', '0.2', '20', '2']]);

    // A fill of the market on the trades channel, then its candles: the 24 h figures are read again,
    // the candle is put in place without a read.
    history.ticker = { ...ticker, last: '0.25', tradeCount: 3 };
    act(() => {
      for (const socket of FakeWebSocket.instances)
        if (socket.readyState === FakeWebSocket.CONNECTING) socket.open();
    });
    const socket = FakeWebSocket.instances.find((candidate) =>
      candidate.sent.some((message) => (message as { channel?: string }).channel === 'trades'),
    );
    const fill = tradeRecord({ makerTokenAddress: ZRX.address, takerTokenAddress: WETH.address });
    const candleReads = () => relayer.requests.filter((r) => r.url.pathname.endsWith('/candles')).length;
    const readsBefore = candleReads();
    const next = candle(T0 + 60, '0.2', '0.25', 1);
    act(() => {
      socket?.receive({ type: 'trade', channel: 'trades', requestId: 1, payload: fill });
      socket?.receive({
        type: 'candles',
        channel: 'trades',
        requestId: 1,
        payload: {
          baseTokenAddress: ZRX.address,
          quoteTokenAddress: WETH.address,
          candles: { '1m': next, '5m': next, '1h': next, '1d': next },
        },
      });
    });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]).toEqual(['2023-11-14 22:15 UTC', '0.2', '0.25', '0.2', '0.25', '10', '1']);
    await waitFor(() => expect(figures.textContent).toContain('Last price0.25'), { timeout: 3000 });
    expect(candleReads()).toBe(readsBefore);

    // Another interval asks for its candles.
    await userEvent.click(screen.getByRole('button', { name: /1 hour candles/ }));
    await waitFor(() =>
      expect(relayer.requests.some((r) => r.url.searchParams.get('interval') === '1h')).toBe(true),
    );
  });
});
