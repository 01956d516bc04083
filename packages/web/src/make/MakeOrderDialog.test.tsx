import type { Address, TokenRecord } from '@relayer/protocol';
import { hashOrder, isValidSignature, NULL_ADDRESS, type SignedOrder } from '@relayer/protocol';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { defaultExpiry, toExpirationSec } from '../shared/order/expiry';
import { createFakeChain } from '../test/fakeChain';
import { testNetworkInfo } from '../test/fakeRelayer';
import {
  chainStatus,
  FAKE_WETH,
  FEE_RECIPIENT,
  RATES_RESPONSE,
  TOKENS_WITH_FAKE,
  USDC,
  WBTC,
  WETH,
  ZRX,
} from '../test/fixtures';
import { renderOrderDialog } from '../test/renderOrderDialog';
import { installTestNetwork } from '../test/testNetwork';
import { MakeOrderDialog } from './MakeOrderDialog';
import type { MakeOrderDraft } from './validateMakeOrder';

function defaultExpirySec(): bigint {
  const { date, time } = defaultExpiry();
  return toExpirationSec(date, time);
}

beforeAll(() => import('./MakeOrderForm'));

/** The make dialog, open, with an optional draft and wallet. */
function renderMakeDialog({ draft, wallet }: { draft?: MakeOrderDraft; wallet?: Address } = {}) {
  return renderOrderDialog((onClose) => <MakeOrderDialog open draft={draft} onClose={onClose} />, wallet);
}

afterEach(() => vi.useRealTimers());

const signer = privateKeyToAccount(generatePrivateKey());
const maker = signer.address.toLowerCase() as `0x${string}`;

function setup(
  options: {
    sign?: boolean;
    fees?: { makerFee: string; takerFee: string };
    post?: () => { status: number; body?: unknown };
    /** The relayer's fee policy as `GET /config` states it (default: no fees). */
    policy?: { makerFee: string };
    /** The maker's ZRX (default: plenty). */
    zrxBalance?: bigint;
    /** `GET /chain`'s answer (default: none, this computer's clock stands in). */
    chain?: unknown;
    /** The maker's ZRX allowance to the proxy (default: plenty). */
    zrxAllowance?: bigint;
  } = {},
) {
  const chain = createFakeChain({ chainId: 1, signer: options.sign === false ? undefined : signer });
  for (const token of TOKENS_WITH_FAKE) {
    chain.setBalance(
      token.address,
      maker,
      token === ZRX && options.zrxBalance !== undefined ? options.zrxBalance : 10n ** 40n,
    );
    chain.setAllowance(
      token.address,
      maker,
      token === ZRX && options.zrxAllowance !== undefined ? options.zrxAllowance : 10n ** 40n,
    );
  }
  const relayer = installTestNetwork(
    {
      'GET /token': () => ({ body: TOKENS_WITH_FAKE }),
      'GET /rates': () => ({ body: RATES_RESPONSE }),
      ...(options.chain ? { 'GET /chain': () => ({ body: options.chain }) } : {}),
      'GET /config': () => ({
        body: options.policy
          ? {
              ...testNetworkInfo,
              feeRecipient: FEE_RECIPIENT,
              makerFee: options.policy.makerFee,
              takerFee: '0',
            }
          : testNetworkInfo,
      }),
      'POST /v0/fees': () => ({
        body: options.fees
          ? { feeRecipient: FEE_RECIPIENT, ...options.fees }
          : { feeRecipient: NULL_ADDRESS, makerFee: '0', takerFee: '0' },
      }),
      'POST /order/new': () => options.post?.() ?? { status: 201 },
    },
    chain.rpc,
  );
  const posted = () => relayer.requests.filter((r) => r.method === 'POST' && r.url.pathname === '/order/new');
  return { relayer, chain, posted };
}

/** The dialog for a pair chosen beforehand (as the market view opens it), for the test's maker. */
function renderPairDialog(makerToken: TokenRecord, takerToken: TokenRecord) {
  return renderMakeDialog({
    draft: { makerTokenAddress: makerToken.address, takerTokenAddress: takerToken.address },
    wallet: maker,
  });
}

async function fill(user: ReturnType<typeof userEvent.setup>, make: string, take: string) {
  if (make) await user.type(await screen.findByLabelText('Make Amount'), make);
  if (take) await user.type(screen.getByLabelText('Take Amount'), take);
}

async function fillAndSave(user: ReturnType<typeof userEvent.setup>, make: string, take: string) {
  await fill(user, make, take);
  await user.click(screen.getByRole('button', { name: 'Save' }));
}

describe('MakeOrderDialog', () => {
  test('validates on Save and posts nothing while invalid', async () => {
    const user = userEvent.setup();
    const { relayer } = setup();
    await renderMakeDialog({ wallet: maker });
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(screen.getAllByText("Amount can't be 0")).toHaveLength(2);
    expect(relayer.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  test('refuses more decimals than the token has', async () => {
    const user = userEvent.setup();
    const { posted } = setup();
    await renderPairDialog(USDC, WETH);
    await fillAndSave(user, '1.1234567', '1');
    expect(await screen.findByText('USDC allows at most 6 decimal places')).toBeInTheDocument();
    expect(screen.queryByLabelText('Maker Token Address')).not.toBeInTheDocument();
    expect(posted()).toHaveLength(0);
  });

  test('refuses an expiry that has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2030-01-01T12:00:00') });
    const user = userEvent.setup();
    const { posted } = setup();
    await renderPairDialog(ZRX, WETH);
    await fill(user, '1', '1');
    vi.setSystemTime(new Date('2030-01-03T12:00:00'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The expiry must be in the future')).toBeInTheDocument();
    expect(posted()).toHaveLength(0);
  });

  test.each([
    {
      makerToken: ZRX,
      takerToken: WETH,
      make: '1.5',
      take: '0.25',
      makeBase: '1500000000000000000',
      takeBase: '250000000000000000',
    },
    {
      makerToken: WBTC,
      takerToken: USDC,
      make: '0.5',
      take: '30000.25',
      makeBase: '50000000',
      takeBase: '30000250000',
    },
    {
      makerToken: USDC,
      takerToken: WBTC,
      make: '2.5',
      take: '0.00000001',
      makeBase: '2500000',
      takeBase: '1',
    },
  ])(
    'signs and posts $makerToken.symbol for $takerToken.symbol in base units',
    async ({ makerToken, takerToken, make, take, makeBase, takeBase }) => {
      const user = userEvent.setup();
      const expectedAtOpen = defaultExpirySec();
      const { posted, relayer } = setup({ fees: { makerFee: '1000', takerFee: '2000' } });
      const { onClose } = await renderPairDialog(makerToken, takerToken);
      await fillAndSave(user, make, take);
      expect(await screen.findByText('Order Added')).toBeInTheDocument();
      expect(onClose).toHaveBeenCalled();

      const feesBody = relayer.requests.find((r) => r.url.pathname === '/v0/fees')?.body;
      expect(feesBody).toMatchObject({
        maker,
        taker: NULL_ADDRESS,
        makerTokenAmount: makeBase,
        takerTokenAmount: takeBase,
      });
      const [request] = posted();
      const body = request?.body as SignedOrder;
      expect(body).toMatchObject({
        exchangeContractAddress: testNetworkInfo.exchange,
        maker,
        taker: NULL_ADDRESS,
        makerTokenAddress: makerToken.address,
        takerTokenAddress: takerToken.address,
        makerTokenAmount: makeBase,
        takerTokenAmount: takeBase,
        feeRecipient: FEE_RECIPIENT,
        makerFee: '1000',
        takerFee: '2000',
        salt: (feesBody as { salt: string }).salt,
      });
      // SPEC §4's default (tomorrow's date at one hour ahead); bounded by the default before and after the
      // dialog opened, so the assertion holds at any time of day (near midnight it is only an hour ahead).
      const expiration = BigInt(body.expirationUnixTimestampSec);
      expect(expiration).toBeGreaterThanOrEqual(expectedAtOpen);
      expect(expiration).toBeLessThanOrEqual(defaultExpirySec());
      expect(isValidSignature(hashOrder(body), body.ecSignature, maker)).toBe(true);
    },
  );

  test('the expiry pickers default to tomorrow, one hour ahead, and offer Cancel and Save', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2030-01-01T12:00:00') });
    const user = userEvent.setup();
    setup();
    await renderPairDialog(ZRX, WETH);
    const date = await screen.findByRole('group', { name: 'Expiration Date' });
    expect(date).toHaveTextContent('01/02/2030');
    expect(screen.getByRole('group', { name: 'Expiration Time' })).toHaveTextContent('01:00 PM');
    await user.click(screen.getByRole('button', { name: /choose date/i }));
    await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(2));
    const picker = screen.getAllByRole('dialog').at(-1) as HTMLElement;
    expect(within(picker).getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(within(picker).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  test('shows the market price and the live asking price of the maker token', async () => {
    const user = userEvent.setup();
    setup();
    await renderPairDialog(ZRX, WETH);
    await fill(user, '2', '0.001');
    expect(screen.getByLabelText('ZRX Market Price ($USD)')).toHaveValue('0.500');
    expect(screen.getByLabelText('ZRX Asking Price ($USD)')).toHaveValue('1.000');
  });

  test('a rejected signature is reported in words and nothing is posted', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { posted } = setup({ sign: false });
    await renderPairDialog(ZRX, WETH);
    await fillAndSave(user, '1', '1');
    expect(await screen.findByText('Signature rejected in the wallet')).toBeInTheDocument();
    expect(posted()).toHaveLength(0);
  });

  test("a refused order says 'Order failed, check log for details' with the relayer's reason and logs it", async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    setup({
      post: () => ({
        status: 400,
        body: {
          code: 100,
          reason: 'maker has not approved ZRX to the proxy',
          error: 'INSUFFICIENT_MAKER_ALLOWANCE',
        },
      }),
    });
    const { onClose } = await renderPairDialog(ZRX, WETH);
    await fillAndSave(user, '1', '1');
    expect(
      await screen.findByText(
        "Order failed, check log for details: The maker's allowance to the token proxy is too low (maker has not approved ZRX to the proxy)",
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(onClose).not.toHaveBeenCalled();
  });

  test('shows the maker fee and checks the ZRX it needs before signing', async () => {
    const user = userEvent.setup();
    // 10 ZRX maker fee, 4 ZRX held: the maker is told before any signature.
    const { posted, chain } = setup({
      policy: { makerFee: '10000000000000000000' },
      zrxBalance: 4n * 10n ** 18n,
    });
    await renderPairDialog(WETH, USDC);
    expect(await screen.findByLabelText('Maker Fee (ZRX)')).toHaveValue('10');
    await fill(user, '1', '2000');
    expect(
      await screen.findByText(
        'Your ZRX balance is too low: this order needs 10 ZRX and you have 4 ZRX.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(chain.sent).toHaveLength(0);
    expect(posted()).toHaveLength(0);
  });

  test('says "no fees" when the relayer charges none', async () => {
    setup();
    await renderPairDialog(WETH, USDC);
    expect(await screen.findByLabelText('Maker Fee (ZRX)')).toHaveValue('0');
    expect(screen.getByText('This relayer charges no fees')).toBeInTheDocument();
  });

  test('choosing the same token on both sides says so at once', async () => {
    const user = userEvent.setup();
    setup();
    await renderMakeDialog({ wallet: maker });
    const pick = async (label: string, option: string) => {
      await user.click(await screen.findByLabelText(label));
      await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
    };
    await pick('Maker Token Address', 'Wrapped Ether - WETH');
    await pick('Taker Token Address', 'Wrapped Ether - WETH');
    expect(await screen.findByText('Choose two different tokens')).toBeInTheDocument();
  });

  test('the same token preset on both sides (no token fields shown) is said above the form, and nothing is posted', async () => {
    const user = userEvent.setup();
    const { posted } = setup();
    await renderPairDialog(WETH, WETH);
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose two different tokens');
    await fillAndSave(user, '1', '1');
    expect(posted()).toHaveLength(0);
  });

  test('the make pickers list verified tokens first and the unverified apart, marked', async () => {
    const user = userEvent.setup();
    setup();
    await renderMakeDialog({ wallet: maker });
    await user.click(await screen.findByLabelText('Maker Token Address'));
    const listbox = await screen.findByRole('listbox');
    const headings = within(listbox).getAllByText(/tokens/);
    expect(headings.map((h) => h.textContent)).toEqual([
      'Verified tokens',
      'Unverified tokens (added by users)',
    ]);
    const options = within(listbox).getAllByRole('option');
    expect(options.at(-1)).toHaveTextContent(/^Wrapped Ether - WETHUnverified0x000000…a4e0$/);
  });

  test('making an order with an unverified token asks once, showing its address, before signing', async () => {
    const user = userEvent.setup();
    const { posted } = setup();
    await renderPairDialog(ZRX, FAKE_WETH);
    await fillAndSave(user, '1', '1');
    const section = await screen.findByRole('region', { name: `Unverified token ${FAKE_WETH.address}` });
    expect(within(section).getByLabelText('Full token address')).toHaveTextContent(FAKE_WETH.address);
    expect(posted()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'I understand, make anyway' }));
    expect(await screen.findByText('Order Added')).toBeInTheDocument();
    expect(posted()).toHaveLength(1);
  });

  test('the expiry pickers warn when the chosen time is already past by the chain’s clock, and Save refuses it', async () => {
    const user = userEvent.setup();
    const now = Math.floor(Date.now() / 1000);
    // The chain's clock two days ahead: the default expiry (tomorrow) is already past for the Exchange.
    const chain = chainStatus(now, 2 * 86_400);
    const { posted } = setup({ chain });
    await renderPairDialog(ZRX, WETH);
    expect(await screen.findByText(/This time is already past by the chain’s clock/)).toBeInTheDocument();
    await fillAndSave(user, '1', '1');
    expect(await screen.findByText('The expiry must be in the future')).toBeInTheDocument();
    expect(posted()).toHaveLength(0);
  });

  test('no warning when the chosen time is ahead of the chain’s clock', async () => {
    const now = Math.floor(Date.now() / 1000);
    const chain = chainStatus(now);
    setup({ chain });
    await renderPairDialog(ZRX, WETH);
    expect(await screen.findByLabelText('Make Amount')).toBeInTheDocument();
    expect(screen.queryByText(/by the chain’s clock/)).not.toBeInTheDocument();
  });

  test('a fee the maker has not approved in ZRX offers the Enable step, and Save waits for it', async () => {
    const user = userEvent.setup();
    const { chain, posted } = setup({ policy: { makerFee: '10000000000000000000' }, zrxAllowance: 0n });
    await renderPairDialog(WETH, USDC);
    await fill(user, '1', '2000');
    const enable = await screen.findByRole('button', { name: 'Enable ZRX' }, { timeout: 5000 });
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(enable);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled(), {
      timeout: 5000,
    });
    expect(chain.sent.map((tx) => [tx.to, tx.functionName])).toEqual([[ZRX.address, 'approve']]);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Order Added')).toBeInTheDocument();
    expect(posted()).toHaveLength(1);
  });

  test('by limit price: signs the exactly converted amounts and shows the price the rounding leaves', async () => {
    const user = userEvent.setup();
    const { posted } = setup();
    await renderPairDialog(ZRX, USDC);
    await user.click(await screen.findByRole('button', { name: 'Limit price' }));
    await user.type(screen.getByLabelText('Price (USDC per ZRX)'), '1.23456789');
    await user.type(screen.getByLabelText('Make Amount'), '10');
    // 12.3456789 USDC has one digit more than USDC's 6 decimals: rounded up for the maker.
    expect(screen.getByLabelText('Take Amount at this price')).toHaveValue('12.345679 USDC');
    expect(screen.getByText(/Signed price: 1\.2345679 USDC per ZRX\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Order Added')).toBeInTheDocument();
    expect(posted()[0]?.body).toMatchObject({
      makerTokenAmount: (10n * 10n ** 18n).toString(),
      takerTokenAmount: '12345679',
    });
  });

  test('the market buttons set the price from live prices, and a price far below market is warned about', async () => {
    const user = userEvent.setup();
    setup();
    await renderPairDialog(ZRX, USDC);
    await user.click(await screen.findByRole('button', { name: 'Limit price' }));
    const price = screen.getByLabelText('Price (USDC per ZRX)');
    expect(screen.getByText('Market price: 0.5 USDC per ZRX (live)')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Make Amount'), '100');
    await user.click(screen.getByRole('button', { name: 'Market price' }));
    expect(price).toHaveValue('0.5');
    await user.click(screen.getByRole('button', { name: '-5 %' }));
    expect(price).toHaveValue('0.475');
    expect(screen.getByLabelText('Take Amount at this price')).toHaveValue('47.5 USDC');
    // Exactly 5 % below the market is still no warning; 6 % is.
    expect(screen.queryByText(/below the market: you would get/)).not.toBeInTheDocument();
    await user.clear(price);
    await user.type(price, '0.47');
    expect(screen.getByText(/This price is 6\.0% below the market/)).toBeInTheDocument();
    // The same price quoted the other way round: ZRX per USDC.
    await user.click(screen.getByRole('button', { name: 'ZRX per USDC' }));
    expect(screen.getByLabelText('Price (ZRX per USDC)')).toHaveValue('2.1276596');
    await user.click(screen.getByRole('button', { name: '+1 %' }));
    expect(screen.getByLabelText('Price (ZRX per USDC)')).toHaveValue('2.02');
  });
});
