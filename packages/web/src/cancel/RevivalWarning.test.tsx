import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, test } from 'vitest';
import { NotificationArea } from '../notifications/NotificationArea';
import { createFakeChain } from '../test/fakeChain';
import { testNetworkInfo } from '../test/fakeRelayer';
import { MAKER, orderPage, orderRecord, TOKENS, WETH, ZRX } from '../test/fixtures';
import { renderWithProviders } from '../test/renderWithProviders';
import { installTestNetwork } from '../test/testNetwork';
import { textsOf } from '../test/textsOf';
import { RevivalWarning } from './RevivalWarning';
import { revivableOrders } from './revivableOrders';

beforeAll(() => import('./BatchCancelForm'));

const E18 = 10n ** 18n;
const lacking = (token: string, makerAmount: bigint, overrides = {}) =>
  orderRecord({
    maker: MAKER,
    makerTokenAddress: token as `0x${string}`,
    takerTokenAddress: token === ZRX.address ? WETH.address : ZRX.address,
    makerTokenAmount: (makerAmount * E18).toString(),
    remainingMakerTokenAmount: (makerAmount * E18).toString(),
    state: 'unfunded',
    shortfalls: [
      {
        token: token as `0x${string}`,
        kind: 'allowance',
        covers: 'amount',
        required: (makerAmount * E18).toString(),
        available: '0',
      },
    ],
    ...overrides,
  });
const zrxOrders = [lacking(ZRX.address, 40n), lacking(ZRX.address, 7n)];
const wethOrder = lacking(WETH.address, 1n);
const nowSec = BigInt(Math.floor(Date.now() / 1000));

test('the unfunded orders that more of a token would revive: short of that token, still cancellable', () => {
  const expired = lacking(ZRX.address, 3n, { expirationUnixTimestampSec: '1' });
  const open = lacking(ZRX.address, 3n, { state: 'open' });
  expect(revivableOrders([...zrxOrders, wethOrder, expired, open], ZRX.address, nowSec)).toEqual(zrxOrders);
  expect(revivableOrders([...zrxOrders, wethOrder], WETH.address, nowSec)).toEqual([wethOrder]);
});

describe('RevivalWarning', () => {
  test('lists the orders enabling the token would revive and cancels them all in one transaction', async () => {
    const user = userEvent.setup();
    const chain = createFakeChain({ chainId: 1 });
    const relayer = installTestNetwork(
      {
        'GET /token': () => ({ body: TOKENS }),
        'GET /order': () => ({ body: orderPage([...zrxOrders, wethOrder]) }),
      },
      chain.rpc,
    );
    await renderWithProviders(
      <>
        <RevivalWarning token={ZRX.address} step="enable" />
        <NotificationArea />
      </>,
      { wallet: { address: MAKER } },
    );
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent('Enabling ZRX would make 2 unfunded orders of yours fillable again');
    const listed = within(warning).getByRole('list', { name: 'Orders that would become fillable' });
    expect(textsOf(listed, 'listitem')).toEqual(['Sell 40 ZRX for 0.2 WETH', 'Sell 7 ZRX for 0.2 WETH']);
    const query = relayer.requests.find((r) => r.url.pathname === '/order')?.url.searchParams;
    expect(query?.get('state')).toBe('unfunded');
    expect(query?.get('maker')).toBe(MAKER);

    await user.click(within(warning).getByRole('button', { name: 'Cancel these 2 first' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel 2 orders' });
    const confirm = within(dialog).getByRole('button', { name: 'Cancel 2 orders' });
    await waitFor(() => expect(confirm).toBeEnabled());
    await user.click(confirm);
    expect(
      await screen.findByText('2 orders cancelled in one transaction: they leave the book'),
    ).toBeInTheDocument();
    expect(chain.sent).toHaveLength(1);
    expect(chain.sent[0]).toMatchObject({
      to: testNetworkInfo.exchange,
      from: MAKER,
      functionName: 'batchCancelOrders',
    });
    expect(chain.sent[0]?.args[2]).toEqual(zrxOrders.map((o) => BigInt(o.remainingTakerTokenAmount)));
  });

  test('says nothing when no order of the trader lacks the token', async () => {
    const relayer = installTestNetwork({
      'GET /token': () => ({ body: TOKENS }),
      'GET /order': () => ({ body: orderPage([wethOrder]) }),
    });
    await renderWithProviders(<RevivalWarning token={ZRX.address} step="enable" />, {
      wallet: { address: MAKER },
    });
    await waitFor(() => expect(relayer.requests.some((r) => r.url.pathname === '/order')).toBe(true));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
