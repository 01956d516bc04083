import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { MAKER } from '../test/fixtures';
import { renderWithProviders } from '../test/renderWithProviders';
import { installTestNetwork } from '../test/testNetwork';
import { WalletButton } from './WalletButton';

test('the account button says in words what a click does: a menu with the full address and Disconnect', async () => {
  installTestNetwork();
  const user = userEvent.setup();
  await renderWithProviders(<WalletButton />, { wallet: { address: MAKER } });
  const account = await screen.findByRole('button', { name: `${MAKER.toLowerCase().slice(0, 8)}…` });
  expect(account).toHaveAttribute('aria-haspopup', 'menu');
  // No tooltip to find it in: a click opens the menu, and nothing is disconnected yet.
  await user.click(account);
  const disconnect = await screen.findByRole('menuitem', { name: `Disconnect ${MAKER.toLowerCase()}` });
  expect(account).toHaveAttribute('aria-expanded', 'true');
  await user.click(disconnect);
  await waitFor(() => expect(screen.queryByRole('button', { name: /^0x/ })).not.toBeInTheDocument());
  expect(screen.queryByRole('menu')).not.toBeInTheDocument();
});
