import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { maxUint256 } from 'viem';
import { beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { NotificationArea } from '../notifications/NotificationArea';
import { createFakeRelayer, dgdToken, testNetworkInfo, wethToken } from '../test/fakeRelayer';
import { installFakeWethNode } from '../test/fakeWethNode';
import { FAKE_WETH, ratesResponse, TAKER } from '../test/fixtures';
import { renderWithProviders } from '../test/renderWithProviders';
import { TokenInfoPanel } from './TokenInfoPanel';

const address = TAKER;
const weth = wethToken;
let node: ReturnType<typeof installFakeWethNode>;

// The coin catalogue is a lazy chunk; load it once so the link test does not time out transforming it.
beforeAll(() => import('./coinCatalogueEntries'));

beforeEach(() => {
  node = installFakeWethNode(testNetworkInfo.weth);
  node.setWeth(address, 1_250_000_000_000_000_000n);
});

async function renderPanel(token = weth) {
  await renderWithProviders(
    <>
      <TokenInfoPanel token={token} title="Maker token" />
      <NotificationArea />
    </>,
    { wallet: { address } },
  );
  return within(screen.getByRole('region', { name: 'Maker token token' }));
}

describe('TokenInfoPanel', () => {
  test('shows WETH priced as ETH, balance and allowance in human units', async () => {
    const panel = await renderPanel();
    expect(panel.getByText('Ether Token')).toBeInTheDocument();
    expect(panel.getByText('WETH')).toBeInTheDocument();
    expect(panel.getByText('18')).toBeInTheDocument();
    expect(await panel.findByText('3012.500')).toBeInTheDocument();
    expect(await panel.findByText('1.25')).toBeInTheDocument();
    expect(panel.getByText('0')).toBeInTheDocument();
  });

  test("names the operator's token lists that vouch for a verified token", async () => {
    const listed = await renderPanel({ ...weth, lists: ['Default List', 'Compound List'] });
    expect(listed.getByText('On token lists')).toBeInTheDocument();
    expect(listed.getByText('Default List, Compound List')).toBeInTheDocument();
  });

  test('Enable approves the token transfer proxy without limit, then hides', async () => {
    const user = userEvent.setup();
    const panel = await renderPanel();
    await waitFor(() => expect(panel.getByRole('button', { name: 'Enable' })).toBeEnabled());
    await user.click(panel.getByRole('button', { name: 'Enable' }));
    expect(await screen.findByText('WETH enabled for trading')).toBeInTheDocument();
    expect(node.sent).toEqual([
      {
        from: address,
        functionName: 'approve',
        args: [testNetworkInfo.tokenTransferProxy, maxUint256],
        value: 0n,
      },
    ]);
    await waitFor(() => expect(panel.getByText('Unlimited')).toBeInTheDocument());
    expect(panel.queryByRole('button', { name: 'Enable' })).not.toBeInTheDocument();
  });

  test('marks example prices as examples', async () => {
    vi.stubGlobal(
      'fetch',
      (await import('../test/fakeRelayer')).createFakeRelayer({
        'GET /rates': () => ({ body: ratesResponse({ [weth.address]: '3000' }, 'example') }),
      }).fetch,
    );
    await renderWithProviders(<TokenInfoPanel token={weth} title="Maker token" />);
    expect(await screen.findByText('3000.000')).toBeInTheDocument();
    const label = screen.getByText('example price');
    expect(label.closest('[data-price-quality]')).toHaveAttribute('data-price-quality', 'example');
  });

  test('an unverified lookalike shows its mark and full address, and borrows neither price nor coin page', async () => {
    vi.stubGlobal('fetch', createFakeRelayer().fetch);
    await renderWithProviders(<TokenInfoPanel token={FAKE_WETH} title="Maker token" />);
    const panel = within(screen.getByRole('region', { name: 'Maker token token' }));
    expect(panel.getByText('Unverified')).toBeInTheDocument();
    expect(panel.getByLabelText('Full token address')).toHaveTextContent(FAKE_WETH.address);
    expect(await panel.findByText('N/A')).toBeInTheDocument();
    expect(panel.queryByRole('link')).not.toBeInTheDocument();
  });

  test('links to the coin overview when the catalogue has the token symbol, and not otherwise', async () => {
    vi.stubGlobal('fetch', createFakeRelayer().fetch);
    await renderWithProviders(
      <>
        <TokenInfoPanel token={weth} title="Maker token" />
        <TokenInfoPanel token={{ ...dgdToken, symbol: 'NOCOIN' }} title="Taker token" />
      </>,
    );
    const maker = within(screen.getByRole('region', { name: 'Maker token token' }));
    expect(await maker.findByRole('link', { name: 'Wrapped Ether overview' })).toHaveAttribute(
      'href',
      '/coins/weth/overview',
    );
    const taker = within(screen.getByRole('region', { name: 'Taker token token' }));
    expect(taker.getByText('NOCOIN')).toBeInTheDocument();
    expect(taker.queryByRole('link')).not.toBeInTheDocument();
  });
});
