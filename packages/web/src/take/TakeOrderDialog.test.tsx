import { exchangeArtifact } from '@relayer/contracts';
import type { Address, OrderRecord } from '@relayer/protocol';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { encodeErrorResult, maxUint256 } from 'viem';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { logErrorLog } from '../test/exchangeLogs';
import { createFakeChain, type FakeChainOptions, orderOfCall, revert } from '../test/fakeChain';
import { testNetworkInfo } from '../test/fakeRelayer';
import {
  chainStatus,
  FAKE_WETH,
  FEE_RECIPIENT,
  MAKER,
  orderRecord,
  RATES_RESPONSE,
  ratesResponse,
  TAKER,
  TOKENS,
  TOKENS_WITH_FAKE,
  USDC,
  WETH,
  ZRX,
} from '../test/fixtures';
import { renderOrderDialog } from '../test/renderOrderDialog';
import { installTestNetwork } from '../test/testNetwork';
import { TakeOrderDialog } from './TakeOrderDialog';

beforeAll(() => import('./TakeOrderForm'));

/** The take dialog, open on `order`, with an optional wallet. */
function renderTakeDialog({ order, wallet }: { order: OrderRecord; wallet?: Address }) {
  return renderOrderDialog((onClose) => <TakeOrderDialog open order={order} onClose={onClose} />, wallet);
}

const PROXY = testNetworkInfo.tokenTransferProxy;

/** 1 ZRX for 3 USDC; 2 USDC of it still open, 1.5 USDC of that covered by the maker's funds. */
const zrxForUsdc = (overrides: Partial<OrderRecord> = {}) =>
  orderRecord({
    makerTokenAddress: ZRX.address,
    takerTokenAddress: USDC.address,
    takerTokenAmount: '3000000',
    remainingTakerTokenAmount: '2000000',
    remainingMakerTokenAmount: '666666666666666667',
    fillableTakerTokenAmount: '1500000',
    fillableMakerTokenAmount: '500000000000000000',
    ...overrides,
  });

function setup(
  funds: Record<string, { balance: bigint; allowance: bigint }>,
  chainOptions: Partial<FakeChainOptions> = {},
  relayer: { tokens?: unknown; rates?: unknown; chain?: unknown } = {},
) {
  const chain = createFakeChain({ chainId: 1, ...chainOptions });
  for (const [token, { balance, allowance }] of Object.entries(funds)) {
    chain.setBalance(token, TAKER, balance);
    chain.setAllowance(token, TAKER, allowance);
  }
  installTestNetwork(
    {
      'GET /token': () => ({ body: relayer.tokens ?? TOKENS }),
      'GET /rates': () => ({ body: relayer.rates ?? RATES_RESPONSE }),
      ...(relayer.chain ? { 'GET /chain': () => ({ body: relayer.chain }) } : {}),
    },
    chain.rpc,
  );
  return chain;
}

const plenty = { balance: 10n ** 30n, allowance: maxUint256 };
const fillAmount = () => screen.findByLabelText('Fill Amount');
/** Waits for the funds checks (chain reads) that gate the Take button. */
const takeEnabled = () =>
  waitFor(() => expect(screen.getByRole('button', { name: 'Take' })).toBeEnabled(), { timeout: 5000 });

/** The chain's clock 10 min ahead of this computer's; the order expires `expiresInSec` from now here. */
async function renderWithChainAhead(expiresInSec: number) {
  const now = Math.floor(Date.now() / 1000);
  setup({ [USDC.address]: plenty }, {}, { chain: chainStatus(now, 600) });
  await renderTakeDialog({
    order: zrxForUsdc({ expirationUnixTimestampSec: String(now + expiresInSec) }),
    wallet: TAKER,
  });
}

/** Clicks Take once it is enabled and waits for the failure said in `reason`. */
async function takeFails(user: ReturnType<typeof userEvent.setup>, reason: string) {
  await takeEnabled();
  await user.click(screen.getByRole('button', { name: 'Take' }));
  expect(await screen.findByText(`Order failed, check log for details: ${reason}`)).toBeInTheDocument();
}

describe('TakeOrderDialog', () => {
  test('prefills from the order and defaults the fill to the remaining fillable amount, capped there', async () => {
    const user = userEvent.setup();
    setup({ [USDC.address]: plenty });
    await renderTakeDialog({ order: zrxForUsdc(), wallet: TAKER });
    expect(await fillAmount()).toHaveValue('1.5');
    expect(screen.getByLabelText('Make Amount')).toHaveValue('1');
    expect(screen.getByLabelText('Take Amount')).toHaveValue('3');
    expect(screen.getByText('2 USDC still open')).toBeInTheDocument();
    await takeEnabled();

    await user.clear(await fillAmount());
    await user.type(await fillAmount(), '1.6');
    expect(screen.getByText('At most 1.5 USDC can be filled')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Take' })).toBeDisabled();
  });

  test('carries the order page’s share link', async () => {
    setup({ [USDC.address]: plenty });
    const order = zrxForUsdc();
    await renderTakeDialog({ order, wallet: TAKER });
    expect(await screen.findByRole('textbox', { name: 'Share link' })).toHaveValue(
      `${window.location.origin}/orders/${order.orderHash}`,
    );
    expect(screen.getByRole('button', { name: 'Copy the share link' })).toBeInTheDocument();
  });

  test('shows the amount received exactly as the contract floors it, and the taker fee', async () => {
    const user = userEvent.setup();
    setup({ [USDC.address]: plenty, [ZRX.address]: plenty });
    const order = zrxForUsdc({ feeRecipient: FEE_RECIPIENT, takerFee: '3000000000000000000' });
    await renderTakeDialog({ order, wallet: TAKER });
    await user.clear(await fillAmount());
    await user.type(await fillAmount(), '1');
    expect(screen.getByLabelText('You Receive (ZRX)')).toHaveValue('0.333333333333333333');
    expect(screen.getByLabelText('Taker Fee (ZRX)')).toHaveValue('1');
  });

  test('refuses an amount the contract would reject for rounding', async () => {
    const user = userEvent.setup();
    setup({ [USDC.address]: plenty });
    const order = zrxForUsdc({
      makerTokenAmount: '1001',
      remainingTakerTokenAmount: '3000000',
      fillableTakerTokenAmount: '3000000',
    });
    await renderTakeDialog({ order, wallet: TAKER });
    await user.clear(await fillAmount());
    await user.type(await fillAmount(), '0.000001');
    expect(screen.getByText(/round this amount by more than 0\.1%/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Take' })).toBeDisabled();
  });

  test('offers an Enable step when the allowance is short, approving the proxy without limit', async () => {
    const user = userEvent.setup();
    const chain = setup({ [USDC.address]: { balance: 10n ** 12n, allowance: 0n } });
    await renderTakeDialog({ order: zrxForUsdc(), wallet: TAKER });
    // Funds are chain reads: allow them the time a loaded machine takes, as takeEnabled does.
    const enable = await screen.findByRole('button', { name: 'Enable USDC' }, { timeout: 5000 });
    expect(screen.getByRole('button', { name: 'Take' })).toBeDisabled();
    await user.click(enable);
    await takeEnabled();
    expect(chain.sent).toHaveLength(1);
    const [approve] = chain.sent;
    expect(approve).toMatchObject({ to: USDC.address, functionName: 'approve' });
    expect([String(approve?.args[0]).toLowerCase(), approve?.args[1]]).toEqual([PROXY, maxUint256]);
  });

  test('checks ZRX for the taker fee, combined with the amount when the taker token is ZRX', async () => {
    setup({ [ZRX.address]: { balance: 10n ** 30n, allowance: 250n * 10n ** 18n } });
    const order = orderRecord({
      makerTokenAddress: WETH.address,
      makerTokenAmount: '500000000000000000',
      takerTokenAddress: ZRX.address,
      takerTokenAmount: '1000000000000000000000',
      feeRecipient: FEE_RECIPIENT,
      takerFee: '2000000000000000000',
    });
    await renderTakeDialog({ order, wallet: TAKER });
    const user = userEvent.setup();
    await user.clear(await fillAmount());
    await user.type(await fillAmount(), '250');
    // 250 ZRX traded + 0.5 ZRX fee > the 250 ZRX approved.
    expect(await screen.findByText(/this fill needs 250\.5 ZRX/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enable ZRX' })).toBeInTheDocument();
  });

  test('explains a short balance', async () => {
    setup({ [USDC.address]: { balance: 500000n, allowance: maxUint256 } });
    await renderTakeDialog({ order: zrxForUsdc(), wallet: TAKER });
    expect(
      await screen.findByText(
        'Your USDC balance is too low: this fill needs 1.5 USDC and you have 0.5 USDC.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Enable/ })).not.toBeInTheDocument();
  });

  test('fills the chosen amount with the stored signature and reports success', async () => {
    const user = userEvent.setup();
    const chain = setup({ [USDC.address]: plenty });
    const order = zrxForUsdc();
    const { onClose } = await renderTakeDialog({ order, wallet: TAKER });
    await user.clear(await fillAmount());
    await user.type(await fillAmount(), '1');
    await takeEnabled();
    await user.click(screen.getByRole('button', { name: 'Take' }));
    expect(await screen.findByText('Order filled, database will update shortly')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    const [tx] = chain.sent;
    expect(tx).toMatchObject({ to: testNetworkInfo.exchange, functionName: 'fillOrder', from: TAKER });
    expect(tx?.args.slice(2)).toEqual([
      1_000_000n,
      false,
      order.ecSignature.v,
      order.ecSignature.r,
      order.ecSignature.s,
    ]);
  });

  test.each([
    [0, 'The order has expired'],
    [1, 'Nothing left to fill: the order is already filled or cancelled'],
    [2, 'That amount would round by more than 0.1%: choose a different amount'],
    [3, 'A balance or allowance (including fees) is too low for this fill'],
  ])('decodes LogError %i from the receipt into words', async (errorId, text) => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    setup(
      { [USDC.address]: plenty },
      { receiptLogs: (tx) => [logErrorLog(tx.to, errorId, orderOfCall(tx).orderHash)] },
    );
    const { onClose } = await renderTakeDialog({ order: zrxForUsdc(), wallet: TAKER });
    await takeFails(user, text);
    expect(onClose).not.toHaveBeenCalled();
  });

  test('does not send a fill the simulation shows would do nothing', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const chain = setup({ [USDC.address]: plenty }, { callResult: () => 0n });
    await renderTakeDialog({ order: zrxForUsdc(), wallet: TAKER });
    await takeFails(user, 'A balance or allowance (including fees) is too low for this fill');
    expect(chain.sent).toHaveLength(0);
  });

  test('explains a revert found by the simulation in words, before the wallet is asked', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const data = encodeErrorResult({ abi: exchangeArtifact.abi, errorName: 'SenderIsNotTaker' });
    const chain = setup(
      { [USDC.address]: plenty },
      {
        callResult: () => {
          throw revert(data);
        },
      },
    );
    await renderTakeDialog({ order: zrxForUsdc(), wallet: TAKER });
    await takeFails(user, 'This order is reserved for another taker');
    expect(chain.sent).toHaveLength(0);
  });

  test('taking an unverified token asks once, showing its full address, before the wallet is asked', async () => {
    const user = userEvent.setup();
    const chain = setup({ [USDC.address]: plenty }, {}, { tokens: TOKENS_WITH_FAKE });
    // The lookalike "WETH" offered for USDC: what the taker would receive is not wrapped ether.
    const order = orderRecord({
      makerTokenAddress: FAKE_WETH.address,
      takerTokenAddress: USDC.address,
      takerTokenAmount: '1500000000',
    });
    await renderTakeDialog({ order, wallet: TAKER });
    expect(await screen.findByText(/WETH is unverified/)).toBeInTheDocument();
    // Its full address is in the dialog from the start, and it borrows no price from wrapped ether.
    expect(screen.getByLabelText('Full you receive token address')).toHaveTextContent(FAKE_WETH.address);
    expect(screen.getByLabelText('WETH Market Price ($USD)')).toHaveValue('N/A');
    await takeEnabled();
    await user.click(screen.getByRole('button', { name: 'Take' }));
    expect(await screen.findByRole('heading', { name: 'Unverified token' })).toBeInTheDocument();
    const section = screen.getByRole('region', { name: `Unverified token ${FAKE_WETH.address}` });
    expect(within(section).getByLabelText('Full token address')).toHaveTextContent(FAKE_WETH.address);
    expect(chain.sent).toHaveLength(0);
    // Back returns to the form without trading; confirming trades at once, without asking again.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(await screen.findByRole('button', { name: 'Take' }));
    await user.click(await screen.findByRole('button', { name: 'I understand, take anyway' }));
    expect(await screen.findByText('Order filled, database will update shortly')).toBeInTheDocument();
    expect(chain.sent).toHaveLength(1);
  });

  test('verified tokens need no confirmation', async () => {
    const user = userEvent.setup();
    const chain = setup({ [USDC.address]: plenty });
    await renderTakeDialog({ order: zrxForUsdc(), wallet: TAKER });
    await takeEnabled();
    await user.click(screen.getByRole('button', { name: 'Take' }));
    expect(await screen.findByText('Order filled, database will update shortly')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Unverified/ })).not.toBeInTheDocument();
    expect(chain.sent).toHaveLength(1);
  });

  test('an order reserved for another taker says so and cannot be taken', async () => {
    setup({ [USDC.address]: plenty });
    await renderTakeDialog({ order: zrxForUsdc({ taker: MAKER }), wallet: TAKER });
    expect(await screen.findByText(new RegExp(`only ${MAKER} can fill this order`))).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Fill Amount')).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Take' })).toBeDisabled();
  });

  test('judges the asking price from the taker’s side, and marks example prices without colour', async () => {
    // 1 WETH for 1500 USDC: $1500 asked per WETH against $2000 (25% below: good for the taker).
    const order = orderRecord({
      makerTokenAddress: WETH.address,
      takerTokenAddress: USDC.address,
      takerTokenAmount: '1500000000',
    });
    // Prices as of now, not as of the file's start: a busy machine may take a minute to get here.
    setup({ [USDC.address]: plenty }, {}, { rates: ratesResponse() });
    const view = await renderTakeDialog({ order, wallet: TAKER });
    const judgement = await screen.findByText('25.0% below market');
    expect(judgement.closest('[data-judgement]')).toHaveAttribute('data-judgement', 'good');
    expect(screen.getByLabelText('WETH Asking Price ($USD)')).toHaveValue('1500.000');
    expect(screen.getAllByText('live · just now')).toHaveLength(2);
    view.unmount();

    setup({ [USDC.address]: plenty }, {}, { rates: ratesResponse(undefined, 'example') });
    await renderTakeDialog({ order, wallet: TAKER });
    const plain = await screen.findByText('25.0% below market');
    expect(plain.closest('[data-judgement]')).toHaveAttribute('data-judgement', 'neutral');
    expect(screen.getAllByText('example price')).toHaveLength(2);
  });

  test('an order the chain’s clock has expired says so and cannot be taken, whatever this computer’s clock says', async () => {
    await renderWithChainAhead(300);
    expect(
      await screen.findByText(/has expired by the chain’s clock \(expired 5 min ago\)/),
    ).toBeInTheDocument();
    expect(screen.getByText('Expired 5 min ago by the chain’s clock')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Fill Amount')).toHaveValue('1.5'));
    expect(screen.getByRole('button', { name: 'Take' })).toBeDisabled();
  });

  test('shows when the order expires by the chain’s clock', async () => {
    await renderWithChainAhead(1500);
    expect(await screen.findByText('Expires in 15 min by the chain’s clock')).toBeInTheDocument();
    await takeEnabled();
  });
});
