import type { Ticker } from '@relayer/protocol';
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { WETH, ZRX } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { installTestNetwork } from '../../test/testNetwork';
import PairTicker from './PairTicker';

const ticker: Ticker = {
  baseTokenAddress: ZRX.address,
  quoteTokenAddress: WETH.address,
  last: '0.00123',
  lastTradeAt: 1_700_000_000,
  open: '0.0012',
  change: '0.00003',
  changePercent: '2.5',
  high: '0.00123',
  low: '0.0012',
  baseVolume: '10',
  quoteVolume: '1',
  tradeCount: 2,
  bestBid: null,
  bestAsk: null,
};

describe('PairTicker', () => {
  test('says the pair’s last price in quote per base and its 24 h change, asking for that orientation', async () => {
    const relayer = installTestNetwork({ 'GET /tickers': () => ({ body: { at: 1, tickers: [ticker] } }) });
    await renderWithProviders(<PairTicker base={ZRX} quote={WETH} />);
    expect(
      await screen.findByText(/^Last price 0.00123000 WETH per ZRX · 24 h change \+2.50%$/),
    ).toBeInTheDocument();
    const asked = relayer.requests.find((request) => request.url.pathname.endsWith('/tickers'));
    expect(Object.fromEntries(asked?.url.searchParams ?? [])).toEqual({
      baseTokenAddress: ZRX.address,
      quoteTokenAddress: WETH.address,
    });
  });

  test('shows nothing before the pair’s first trade', async () => {
    const relayer = installTestNetwork({ 'GET /tickers': () => ({ body: { at: 1, tickers: [] } }) });
    const { container } = await renderWithProviders(<PairTicker base={ZRX} quote={WETH} />);
    await expect.poll(() => relayer.requests.length).toBeGreaterThan(0);
    expect(container.querySelector('[data-pair-ticker]')).toBeNull();
  });
});
