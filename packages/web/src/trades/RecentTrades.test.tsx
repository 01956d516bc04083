import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { FakeWebSocket } from '../test/FakeWebSocket';
import { TOKENS, WBTC, WETH, ZRX } from '../test/fixtures';
import { renderWithProviders } from '../test/renderWithProviders';
import { mainVariant, testWebConfig } from '../test/testConfig';
import { installTestNetwork } from '../test/testNetwork';
import { tradeRecord } from '../test/tradeFixtures';
import { RecentTrades } from './RecentTrades';

beforeEach(() => {
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
});

/** The ZRX/WETH market's recent trades, over a relayer whose history is `history`. */
async function renderRecentTrades(history: ReturnType<typeof tradeRecord>[], explorerUrl?: string) {
  const relayer = installTestNetwork({
    'GET /token': () => ({ body: TOKENS }),
    'GET /trades': () => ({ body: { trades: history, nextCursor: null } }),
  });
  const variant = explorerUrl ? { ...mainVariant, explorerUrl } : mainVariant;
  await renderWithProviders(
    <RecentTrades baseTokenAddress={ZRX.address} quoteTokenAddress={WETH.address} />,
    { variant, config: testWebConfig({ variants: [variant] }) },
  );
  return relayer;
}

describe('RecentTrades', () => {
  test('reads the market’s trades (both directions) and subscribes to them on the trades channel', async () => {
    const trade = tradeRecord();
    const relayer = await renderRecentTrades([trade]);
    const list = await screen.findByRole('list', { name: 'Recent trades' });
    // Taken from an ask (the maker sold the base): a buy of 1000 ZRX at 0.001 WETH each.
    expect(within(list).getByRole('listitem')).toHaveTextContent(
      'Buy 1000 ZRX for 1 WETH at 0.001 WETH each',
    );
    const request = relayer.requests.find((r) => r.url.pathname === '/trades');
    expect(Object.fromEntries(request?.url.searchParams ?? [])).toEqual({
      per_page: '20',
      baseTokenAddress: ZRX.address,
      quoteTokenAddress: WETH.address,
    });
    const socket = FakeWebSocket.latest();
    act(() => socket.open());
    expect(socket.sent).toEqual([
      {
        type: 'subscribe',
        channel: 'trades',
        requestId: 1,
        payload: { baseTokenAddress: ZRX.address, quoteTokenAddress: WETH.address },
      },
    ]);
  });

  test('a new fill appears at the top without a reload; one a re-org removed goes; another market’s never shows', async () => {
    const old = tradeRecord();
    await renderRecentTrades([old]);
    const list = await screen.findByRole('list', { name: 'Recent trades' });
    const socket = FakeWebSocket.latest();
    act(() => socket.open());
    // A bid taken: the maker sold WETH for ZRX, so the taker sold 500 ZRX.
    const fresh = tradeRecord({
      makerTokenAddress: WETH.address,
      takerTokenAddress: ZRX.address,
      filledMakerTokenAmount: (10n ** 18n).toString(),
      filledTakerTokenAmount: (500n * 10n ** 18n).toString(),
    });
    act(() => socket.receive({ type: 'trade', channel: 'trades', requestId: 1, payload: fresh }));
    act(() =>
      socket.receive({
        type: 'trade',
        channel: 'trades',
        requestId: 1,
        payload: tradeRecord({ makerTokenAddress: WBTC.address }),
      }),
    );
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent(
      'Sell 500 ZRX for 1 WETH at 0.002 WETH each',
    );
    act(() => socket.receive({ type: 'tradeRemoved', channel: 'trades', requestId: 1, payload: old }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list).getByRole('listitem')).toHaveTextContent('Sell 500 ZRX');
  });

  test('links each transaction to the configured block explorer', async () => {
    const trade = tradeRecord();
    await renderRecentTrades([trade], 'https://etherscan.test/');
    const link = await screen.findByRole('link', {
      name: `Transaction ${trade.transactionHash} in the block explorer`,
    });
    expect(link).toHaveAttribute('href', `https://etherscan.test/tx/${trade.transactionHash}`);
    expect(screen.queryByRole('button', { name: /Copy transaction hash/ })).not.toBeInTheDocument();
  });

  test('without an explorer (a local chain), shows the hash with a copy button', async () => {
    const trade = tradeRecord();
    await renderRecentTrades([trade]);
    expect(
      await screen.findByRole('button', { name: `Copy transaction hash ${trade.transactionHash}` }),
    ).toBeVisible();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  test('an empty market says what to do next', async () => {
    await renderRecentTrades([]);
    expect(
      await screen.findByText('No trades in this market yet: take an order to make the first one.'),
    ).toBeVisible();
  });
});
