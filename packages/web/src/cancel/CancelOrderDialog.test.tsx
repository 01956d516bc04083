import type { Address, OrderRecord } from '@relayer/protocol';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, test } from 'vitest';
import { createFakeChain } from '../test/fakeChain';
import { testNetworkInfo } from '../test/fakeRelayer';
import { MAKER, orderRecord, TAKER, TOKENS } from '../test/fixtures';
import { renderOrderDialog } from '../test/renderOrderDialog';
import { installTestNetwork } from '../test/testNetwork';
import { CancelOrderDialog } from './CancelOrderDialog';

beforeAll(() => import('./CancelOrderForm'));

/** The cancel dialog, open on `order`, with an optional wallet. */
function renderCancelDialog({ order, wallet }: { order: OrderRecord; wallet?: Address }) {
  return renderOrderDialog((onClose) => <CancelOrderDialog open order={order} onClose={onClose} />, wallet);
}

describe('CancelOrderDialog', () => {
  test('confirms, then cancels what remains of the maker’s order on the Exchange', async () => {
    const user = userEvent.setup();
    const chain = createFakeChain({ chainId: 1 });
    installTestNetwork({ 'GET /token': () => ({ body: TOKENS }) }, chain.rpc);
    const order = orderRecord({
      maker: MAKER,
      remainingTakerTokenAmount: '50000000000000000',
      remainingMakerTokenAmount: '250000000000000000',
    });
    const { onClose } = await renderCancelDialog({ order, wallet: MAKER });
    // The tokens are token labels (trust marks for unverified ones), so the sentence spans elements.
    expect(await screen.findByText(/Cancel what remains of this order/)).toHaveTextContent(
      /Cancel what remains of this order: 0\.25 ZRX for 0\.05 WETH\?/,
    );
    const confirm = screen.getByRole('button', { name: 'Cancel Order' });
    await waitFor(() => expect(confirm).toBeEnabled());
    await user.click(confirm);
    expect(await screen.findByText('Order cancelled, database will update shortly')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(chain.sent).toHaveLength(1);
    expect(chain.sent[0]).toMatchObject({
      to: testNetworkInfo.exchange,
      from: MAKER,
      functionName: 'cancelOrder',
    });
    expect(chain.sent[0]?.args[2]).toBe(50_000_000_000_000_000n);
  });

  test('only the maker may cancel', async () => {
    installTestNetwork({ 'GET /token': () => ({ body: TOKENS }) });
    await renderCancelDialog({
      order: orderRecord({ maker: TAKER }),
      wallet: MAKER,
    });
    expect(
      await screen.findByText('Only the account that made this order can cancel it.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel Order' })).toBeDisabled();
  });
});
