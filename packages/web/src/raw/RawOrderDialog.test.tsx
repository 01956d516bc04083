import { hashOrder, NULL_ADDRESS, type Order, parseSignature } from '@relayer/protocol';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { NotificationArea } from '../notifications/NotificationArea';
import { testNetworkInfo } from '../test/fakeRelayer';
import { WETH, ZRX } from '../test/fixtures';
import { renderWithProviders } from '../test/renderWithProviders';
import { installTestNetwork } from '../test/testNetwork';
import { RawOrderDialog } from './RawOrderDialog';

beforeAll(() => import('./RawOrderForm'));

const signer = privateKeyToAccount(generatePrivateKey());
const maker = signer.address.toLowerCase() as `0x${string}`;

async function signedOrder(overrides: Partial<Order> = {}) {
  const order: Order = {
    exchangeContractAddress: testNetworkInfo.exchange,
    maker,
    taker: NULL_ADDRESS,
    makerTokenAddress: ZRX.address,
    takerTokenAddress: WETH.address,
    feeRecipient: NULL_ADDRESS,
    makerTokenAmount: '1000000000000000000',
    takerTokenAmount: '200000000000000000',
    makerFee: '0',
    takerFee: '0',
    expirationUnixTimestampSec: '4102444800',
    salt: '12345',
    ...overrides,
  };
  const hash = hashOrder(order);
  return {
    ...order,
    ecSignature: parseSignature(await signer.signMessage({ message: { raw: hash } }), hash, maker),
  };
}

async function submit(
  text: string,
  post: () => { status: number; body?: unknown } = () => ({ status: 201 }),
) {
  const user = userEvent.setup();
  const relayer = installTestNetwork({ 'POST /order/new': post });
  const onClose = vi.fn();
  await renderWithProviders(
    <>
      <RawOrderDialog open onClose={onClose} />
      <NotificationArea />
    </>,
  );
  await user.click(await screen.findByLabelText('Signed Order (JSON)'));
  if (text) await user.paste(text);
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  const posted = () => relayer.requests.filter((r) => r.url.pathname === '/order/new');
  return { posted, onClose };
}

describe('RawOrderDialog', () => {
  test('refuses text that is not JSON', async () => {
    const { posted } = await submit('{ not json');
    expect(await screen.findByText('Not valid JSON: paste the signed order object')).toBeInTheDocument();
    expect(posted()).toHaveLength(0);
  });

  test('lists field-level schema errors', async () => {
    const { ecSignature, ...order } = await signedOrder();
    const { posted } = await submit(
      JSON.stringify({ ...order, maker: 'nope', ecSignature: { ...ecSignature, v: 29 } }),
    );
    expect(await screen.findByText(/^maker: must be a lower-case hex address/)).toBeInTheDocument();
    expect(screen.getByText(/^ecSignature\.v: /)).toBeInTheDocument();
    expect(posted()).toHaveLength(0);
  });

  test('checks the signature against the maker before posting', async () => {
    const order = await signedOrder();
    const { posted } = await submit(JSON.stringify({ ...order, makerTokenAmount: '2000000000000000000' }));
    expect(
      await screen.findByText('ecSignature: not a signature of this order by its maker'),
    ).toBeInTheDocument();
    expect(posted()).toHaveLength(0);
  });

  test('posts a valid signed order', async () => {
    const order = await signedOrder();
    const { posted, onClose } = await submit(JSON.stringify(order));
    expect(await screen.findByText('Order Added')).toBeInTheDocument();
    expect(posted()[0]?.body).toEqual(order);
    expect(onClose).toHaveBeenCalled();
  });

  test("reports the relayer's refusal", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const order = await signedOrder();
    await submit(JSON.stringify(order), () => ({
      status: 400,
      body: { code: 100, reason: 'expired at 1600000000', error: 'ORDER_EXPIRED' },
    }));
    expect(
      await screen.findByText(
        'Order failed, check log for details: The order has expired (expired at 1600000000)',
      ),
    ).toBeInTheDocument();
  });
});
