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

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string | RegExp) {
  await user.click(await screen.findByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('HomePage', () => {
  test('lists verified tokens as "name - symbol" alphabetically, unverified ones apart with mark and address', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<HomePage />);
    await user.click(await screen.findByRole('combobox', { name: 'Make Order' }));
    const listbox = screen.getByRole('listbox');
    // Each group is a list item: its heading, then its options.
    const groups = [...listbox.children] as HTMLElement[];
    expect(groups.map((group) => group.firstElementChild?.textContent)).toEqual([
      'Verified tokens',
      'Unverified tokens (added by users)',
    ]);
    expect(
      within(groups[0] as HTMLElement)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['0x Protocol Token - ZRX', 'Augur Reputation Token - REP', 'Ether Token - WETH']);
    const unverified = within(groups[1] as HTMLElement).getByRole('option');
    expect(unverified).toHaveTextContent('Digix DAO Token - DGD');
    expect(within(unverified).getByText('Unverified')).toBeInTheDocument();
    expect(within(unverified).getByText('0x6dfff2…b45f')).toBeInTheDocument();
    await user.keyboard('eth');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Ether Token - WETH']);
    // An address finds its token too: the address is what tells lookalikes apart.
    await user.clear(screen.getByRole('combobox', { name: 'Make Order' }));
    await user.keyboard('0x6dfff2');
    expect(screen.getAllByRole('option')).toHaveLength(1);
  });

  test('shows a panel per chosen token: full address, decimals, market price with its age, or N/A', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<HomePage />);
    await choose(user, 'Make Order', 'Ether Token - WETH');
    await choose(user, 'Take Order', /^Digix DAO Token - DGD/);
    const maker = screen.getByRole('region', { name: 'Maker token token' });
    expect(within(maker).getByLabelText('Full token address')).toHaveTextContent(
      '0x871dd7c2b4b25e1aa18728e9d5f2af4c4e431f5c',
    );
    expect(await within(maker).findByText('3012.500')).toBeInTheDocument();
    expect(within(maker).getByText('live · just now')).toBeInTheDocument();
    const taker = screen.getByRole('region', { name: 'Taker token token' });
    expect(within(taker).getByText('9')).toBeInTheDocument();
    // DGD here is unverified: marked, and priced by nobody.
    expect(within(taker).getByText('Unverified')).toBeInTheDocument();
    expect(within(taker).getByText('N/A')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Take Order' })).toHaveAccessibleDescription(
      'Unverified token 0x6dfff22588be9b3ef8cf0ad6dc9b84796f9fb45f',
    );
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
    // Explained once in the notice; written in two words beside the button: no hover needed, and a
    // keyboard or touch screen gets it too.
    await waitFor(() =>
      expect(document.querySelector('[data-disabled-reason]')).toHaveTextContent(/^No wallet$/),
    );
    expect(screen.getByRole('button', { name: 'Make Order' })).toHaveAccessibleDescription('No wallet');
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
    // Written beside the button: no hover needed, and a keyboard or touch screen gets it too.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Make Order' })).toHaveAccessibleDescription(
        expect.stringContaining('Choose both a maker and a taker token first'),
      ),
    );
    expect(
      screen.getAllByText('Choose both a maker and a taker token first', { exact: false }).length,
    ).toBeGreaterThan(0);
    await choose(user, 'Make Order', 'Ether Token - WETH');
    expect(screen.getByRole('button', { name: 'Make Order' })).toBeDisabled();
    await choose(user, 'Take Order', '0x Protocol Token - ZRX');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Make Order' })).toBeEnabled());
  });

  test('the same token on both sides is said, not silently refused', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<HomePage />, { wallet: { address: MAKER } });
    await choose(user, 'Make Order', 'Ether Token - WETH');
    await choose(user, 'Take Order', 'Ether Token - WETH');
    const makeOrder = screen.getByRole('button', { name: 'Make Order' });
    await waitFor(() => expect(makeOrder).toBeDisabled());
    // Written beside the button: no hover needed, and a keyboard or touch screen gets it too.
    await waitFor(() =>
      expect(document.querySelector('[data-disabled-reason]')).toHaveTextContent(
        'Choose two different tokens',
      ),
    );
    expect(screen.getByRole('button', { name: 'Make Order' })).toHaveAccessibleDescription(
      expect.stringContaining('Choose two different tokens'),
    );
  });

  test('on the wrong network actions name the network to switch to', async () => {
    await renderWithProviders(<HomePage />, {
      wallet: { address: MAKER, chainId: 3 },
    });
    expect(
      await screen.findByText('Read-only: Switch your wallet to the Mainnet network.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Wrap' })).toBeDisabled();
    // The notice says which network; beside the button, in two words, that it is the wrong one.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Wrap' })).toHaveAccessibleDescription('Wrong network'),
    );
    expect(screen.getAllByText('Switch your wallet to the Mainnet network', { exact: false })).toHaveLength(
      1,
    );
  });

  test('the wallet notice keeps its place once a wallet can trade, saying whose it is', async () => {
    await renderWithProviders(<HomePage />, { wallet: { address: MAKER } });
    await screen.findByRole('button', { name: 'Make Order' });
    const notice = document.querySelector('[data-wallet-notice]');
    expect(notice).toHaveAttribute('role', 'status');
    await waitFor(() =>
      expect(notice).toHaveTextContent(
        `Connected as ${MAKER.toLowerCase().slice(0, 8)}…: you can make and take orders.`,
      ),
    );
    // The longest read-only text holds the notice's size, unseen and unread.
    expect(notice?.querySelector('[data-reserve]')).toHaveAttribute(
      'data-reserve',
      'Read-only: No wallet found: install a browser wallet to trade (browsing works without one).',
    );
    expect(notice).not.toHaveTextContent('No wallet found');
  });
});
