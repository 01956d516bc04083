import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { createFakeRelayer } from '../test/fakeRelayer';
import { MAKER } from '../test/fixtures';
import { renderWithProviders } from '../test/renderWithProviders';
import { kovanVariant } from '../test/testConfig';
import { leaveSite } from './leaveSite';
import { NetworkGuard } from './NetworkGuard';

vi.mock('./leaveSite', () => ({ leaveSite: vi.fn() }));
const address = MAKER;

beforeEach(() => {
  vi.mocked(leaveSite).mockReset();
  vi.stubGlobal('fetch', createFakeRelayer().fetch);
});

describe('NetworkGuard', () => {
  test('says nothing when the wallet is on the site’s chain', async () => {
    const { container } = await renderWithProviders(<NetworkGuard />, { wallet: { address } });
    expect(container).toBeEmptyDOMElement();
    expect(leaveSite).not.toHaveBeenCalled();
  });

  test('sends a wallet on Kovan to the Kovan site', async () => {
    await renderWithProviders(<NetworkGuard />, { wallet: { address, chainId: 42 } });
    await waitFor(() => expect(leaveSite).toHaveBeenCalledWith(kovanVariant.siteUrl));
    expect(
      screen.getByText('Your wallet is on Kovan (chain 42): taking you to that network’s site…'),
    ).toBeInTheDocument();
  });

  test('explains another wrong network and switches the wallet on request', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<NetworkGuard />, { wallet: { address, chainId: 3 } });
    expect(
      await screen.findByText(
        /Your wallet is connected to Ropsten \(chain 3\), but this site trades on Mainnet \(chain 1\)\. Trading is disabled until the wallet switches to Mainnet\./,
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Switch to Mainnet' }));
    await waitFor(() =>
      expect(screen.queryByText(/Your wallet is connected to Ropsten/)).not.toBeInTheDocument(),
    );
    expect(leaveSite).not.toHaveBeenCalled();
  });

  test('names a chain it does not know by its id', async () => {
    await renderWithProviders(<NetworkGuard />, { wallet: { address, chainId: 1337 } });
    expect(
      await screen.findByText(
        /connected to an unknown network \(chain 1337\), but this site trades on Mainnet/,
      ),
    ).toBeInTheDocument();
  });
});
