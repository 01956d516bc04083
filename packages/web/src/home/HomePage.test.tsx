import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { FakeWebSocket } from '../test/FakeWebSocket';
import { createFakeRelayer } from '../test/fakeRelayer';
import { MAKER } from '../test/fixtures';
import { renderWithProviders } from '../test/renderWithProviders';
import { HomePage } from './HomePage';

beforeEach(() => {
  vi.stubGlobal('fetch', createFakeRelayer().fetch);
  vi.stubGlobal('WebSocket', FakeWebSocket);
});

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(await screen.findByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('HomePage', () => {
  test('lists tokens as "name - symbol", sorted alphabetically, and filters as you type', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<HomePage />);
    await user.click(await screen.findByRole('combobox', { name: 'Make Order' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      '0x Protocol Token - ZRX',
      'Augur Reputation Token - REP',
      'Digix DAO Token - DGD',
      'Ether Token - WETH',
    ]);
    await user.keyboard('eth');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Ether Token - WETH']);
  });

  test('shows a panel per chosen token: address shortened, decimals, market price to 3 decimals or N/A', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<HomePage />);
    await choose(user, 'Make Order', 'Ether Token - WETH');
    await choose(user, 'Take Order', 'Digix DAO Token - DGD');
    const maker = screen.getByRole('region', { name: 'Maker token token' });
    expect(within(maker).getByText('0x871dd7…')).toBeInTheDocument();
    expect(await within(maker).findByText('3012.500')).toBeInTheDocument();
    const taker = screen.getByRole('region', { name: 'Taker token token' });
    expect(within(taker).getByText('9')).toBeInTheDocument();
    expect(within(taker).getByText('N/A')).toBeInTheDocument();
  });

  test('read-only without a wallet: actions are disabled and say why, browsing still works', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<HomePage />);
    const reason = 'No wallet found: install a browser wallet to trade (browsing works without one)';
    expect(await screen.findByText(`Read-only: ${reason}.`)).toBeInTheDocument();
    await choose(user, 'Make Order', 'Ether Token - WETH');
    await choose(user, 'Take Order', '0x Protocol Token - ZRX');
    const makeOrder = screen.getByRole('button', { name: 'Make Order' });
    expect(makeOrder).toBeDisabled();
    await user.hover(makeOrder.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(reason);
    // The wrap panel renders below the book once the book is on screen.
    expect(await screen.findByRole('button', { name: 'Wrap' })).toBeDisabled();
    expect(screen.getAllByText('Connect a wallet to see it')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Add New Token' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Raw Order' })).toBeEnabled();
  });

  test('with a wallet, Make Order waits for both tokens', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<HomePage />, {
      wallet: { address: MAKER },
    });
    const makeOrder = await screen.findByRole('button', { name: 'Make Order' });
    expect(makeOrder).toBeDisabled();
    await user.hover(makeOrder.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Choose both a maker and a taker token first',
    );
    await choose(user, 'Make Order', 'Ether Token - WETH');
    expect(screen.getByRole('button', { name: 'Make Order' })).toBeDisabled();
    await choose(user, 'Take Order', '0x Protocol Token - ZRX');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Make Order' })).toBeEnabled());
  });

  test('on the wrong network actions name the network to switch to', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<HomePage />, {
      wallet: { address: MAKER, chainId: 3 },
    });
    expect(
      await screen.findByText('Read-only: Switch your wallet to the Mainnet network.'),
    ).toBeInTheDocument();
    const wrap = await screen.findByRole('button', { name: 'Wrap' });
    await user.hover(wrap.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Switch your wallet to the Mainnet network');
  });
});
