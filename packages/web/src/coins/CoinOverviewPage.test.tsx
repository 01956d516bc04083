import type { OrderRecord } from '@relayer/protocol';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { AppRoutes } from '../app/AppRoutes';
import { FakeWebSocket } from '../test/FakeWebSocket';
import { orderPage, orderRecord, RATES_RESPONSE, TOKENS, USDC, WBTC, WETH, ZRX } from '../test/fixtures';
import { renderWithProviders } from '../test/renderWithProviders';
import { installTestNetwork } from '../test/testNetwork';

const book: OrderRecord[] = [
  orderRecord({ makerTokenAddress: ZRX.address, takerTokenAddress: WETH.address }),
  orderRecord({ makerTokenAddress: WBTC.address, takerTokenAddress: ZRX.address, makerTokenAmount: '3' }),
  orderRecord({ makerTokenAddress: WBTC.address, takerTokenAddress: USDC.address }),
];

// Load the lazy chunks once up front so the first test does not time out transforming them.
beforeAll(() => Promise.all([import('./CoinOverviewPage'), import('../tokens/coinCatalogueEntries')]));

beforeEach(() => {
  vi.stubGlobal('WebSocket', FakeWebSocket);
  installTestNetwork({
    'GET /token': () => ({ body: TOKENS }),
    'GET /rates': () => ({ body: RATES_RESPONSE }),
    'GET /order': ({ url }) => {
      const maker = url.searchParams.get('makerTokenAddress');
      const taker = url.searchParams.get('takerTokenAddress');
      return {
        body: orderPage(
          book.filter(
            (order) =>
              (!maker || order.makerTokenAddress === maker) && (!taker || order.takerTokenAddress === taker),
          ),
        ),
      };
    },
  });
});

const visit = (path: string) => renderWithProviders(<AppRoutes />, { path });
const fact = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
const rowsOf = (section: string) =>
  within(screen.getByRole('region', { name: section }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 6)
        .map((cell) => cell.textContent),
    );

describe('CoinOverviewPage', () => {
  test('shows the catalogue entry and the market price inside the app shell', async () => {
    await visit('/coins/btc/overview');
    expect(await screen.findByRole('heading', { name: 'Bitcoin (BTC)', level: 1 })).toBeInTheDocument();
    // Inside the shell, whose site name is no second h1.
    expect(screen.getByRole('banner')).toHaveTextContent('a Free and Open 0x Relayer');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.title).toBe('Bitcoin (BTC) overview - a Free and Open 0x Relayer');
    expect(screen.getByRole('img', { name: 'BTC badge' })).toHaveAttribute(
      'src',
      expect.stringMatching(/btc\.svg/),
    );
    expect(fact('Algorithm')).toBe('SHA256');
    expect(fact('Proof type')).toBe('PoW');
    expect(fact('Total supply')).toBe('21,000,000');
    expect(fact('Rank')).toBe('1');
    expect(fact('Market price ($USD)')).toBe('N/A');
    expect(await screen.findByText('BTC is not traded on this relayer.')).toBeInTheDocument();
  });

  test("lists the open orders that sell and that buy the coin's token, with its price to 3 decimals", async () => {
    await visit('/coins/zrx/overview');
    expect(await screen.findByRole('heading', { name: '0x (ZRX)' })).toBeInTheDocument();
    expect(await screen.findByText('0.500')).toBeInTheDocument();
    const selling = screen.getByRole('region', { name: 'Orders selling ZRX' });
    await within(selling).findByText('WETH');
    expect(
      rowsOf('Orders selling ZRX').map((row) => row.filter((cell) => cell === 'ZRX' || cell === 'WETH')),
    ).toEqual([['ZRX', 'WETH']]);
    const buying = screen.getByRole('region', { name: 'Orders buying ZRX' });
    await within(buying).findByText('WBTC');
    expect(within(buying).queryByText('USDC')).not.toBeInTheDocument();
    expect(within(buying).getAllByRole('button', { name: 'Take' })).toHaveLength(1);
  });

  test('prices wrapped ether as ether', async () => {
    await visit('/coins/weth/overview');
    expect(await screen.findByRole('heading', { name: 'Wrapped Ether (WETH)' })).toBeInTheDocument();
    expect(await screen.findByText('2000.000')).toBeInTheDocument();
  });

  test('shows ether’s orders through its wrapped token', async () => {
    await visit('/coins/eth/overview');
    const selling = await screen.findByRole('region', { name: 'Orders selling ETH (as WETH)' });
    expect(selling).toBeInTheDocument();
    const buying = screen.getByRole('region', { name: 'Orders buying ETH (as WETH)' });
    expect(await within(buying).findByText('ZRX')).toBeInTheDocument();
  });

  test('says an unknown coin is not found and links back home', async () => {
    const user = userEvent.setup();
    await visit('/coins/not-a-coin/overview');
    expect(await screen.findByText(/Coin not found: /)).toHaveTextContent(
      "no coin 'not-a-coin' in the catalogue",
    );
    await user.click(screen.getByRole('link', { name: 'Back to the order book' }));
    expect(await screen.findByRole('combobox', { name: 'Make Order' })).toBeInTheDocument();
    expect(screen.queryByText(/Coin not found: /)).not.toBeInTheDocument();
  });
});
