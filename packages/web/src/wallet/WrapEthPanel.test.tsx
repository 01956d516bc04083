import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { NotificationArea } from '../notifications/NotificationArea';
import { testNetworkInfo } from '../test/fakeRelayer';
import { installFakeWethNode } from '../test/fakeWethNode';
import { TAKER } from '../test/fixtures';
import { renderWithProviders } from '../test/renderWithProviders';
import { WrapEthPanel } from './WrapEthPanel';

const address = TAKER;
const ether = 10n ** 18n;
let node: ReturnType<typeof installFakeWethNode>;

beforeEach(() => {
  node = installFakeWethNode(testNetworkInfo.weth);
  node.setEth(address, 5n * ether);
  node.setWeth(address, ether / 2n);
});

async function renderPanel() {
  await renderWithProviders(
    <>
      <WrapEthPanel />
      <NotificationArea />
    </>,
    { wallet: { address } },
  );
  await screen.findByText('ETH: 5 · WETH: 0.5');
  return userEvent.setup();
}

describe('WrapEthPanel', () => {
  test('wraps an ether amount as exact wei, reports success and refreshes both balances', async () => {
    const user = await renderPanel();
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '1.000000000000000001');
    await user.click(screen.getByRole('button', { name: 'Wrap' }));
    expect(await screen.findByText('Wrapped 1.000000000000000001 ETH')).toBeInTheDocument();
    expect(node.sent).toEqual([
      { from: address, functionName: 'deposit', args: [], value: 1_000_000_000_000_000_001n },
    ]);
    await screen.findByText('ETH: 4 · WETH: 1.5');
  });

  test('unwraps through withdraw(wad)', async () => {
    const user = await renderPanel();
    await user.click(screen.getByRole('button', { name: 'WETH → ETH' }));
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '0.25');
    await user.click(screen.getByRole('button', { name: 'Unwrap' }));
    expect(await screen.findByText('Unwrapped 0.25 ETH')).toBeInTheDocument();
    expect(node.sent).toEqual([{ from: address, functionName: 'withdraw', args: [ether / 4n], value: 0n }]);
    await screen.findByText('ETH: 5.25 · WETH: 0.25');
  });

  test('refuses amounts it cannot send and sends nothing', async () => {
    const user = await renderPanel();
    const amount = screen.getByRole('textbox', { name: 'Amount' });
    await user.click(screen.getByRole('button', { name: 'Wrap' }));
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    await user.type(amount, '6');
    expect(screen.getByText('More than your balance')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '0');
    expect(screen.getByText("Amount can't be 0")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Wrap' }));
    expect(node.sent).toEqual([]);
  });

  test('reports a failed transaction', async () => {
    const user = await renderPanel();
    node.failNextTransaction();
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '1');
    await user.click(screen.getByRole('button', { name: 'Wrap' }));
    expect(
      await screen.findByText(
        'Wrap failed: The transaction was reverted on chain: its network fee was spent and nothing else changed',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('ETH: 5 · WETH: 0.5')).toBeInTheDocument());
  });
});
