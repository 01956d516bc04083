import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { maxUint256 } from 'viem';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { createFakeChain, type FakeChainOptions } from '../test/fakeChain';
import type { FakeRequest } from '../test/fakeRelayer';
import { MAKER, RATES_RESPONSE, TAKER, TOKENS, WETH, ZRX } from '../test/fixtures';
import { marketQuote, quotedOrder } from '../test/quoteFixtures';
import { renderOrderDialog } from '../test/renderOrderDialog';
import { installTestNetwork } from '../test/testNetwork';
import { textsOf } from '../test/textsOf';
import { MarketOrderDialog } from './MarketOrderDialog';

beforeAll(() => import('./MarketOrderForm'));

const E18 = 10n ** 18n;
const CENTI = 10n ** 16n;
/** An ask of `zrx` whole ZRX for `weth` WETH base units, used in full. */
const ask = (zrx: bigint, weth: bigint) =>
  quotedOrder(
    {
      maker: MAKER,
      makerTokenAddress: ZRX.address,
      takerTokenAddress: WETH.address,
      makerTokenAmount: (zrx * E18).toString(),
      takerTokenAmount: weth.toString(),
    },
    { fillTakerAmount: weth, makerAmount: zrx * E18 },
  );
// 0.01, 0.0101 and 0.0102 WETH per ZRX: the worst 2 % above the best.
const threeAsks = marketQuote([ask(100n, E18), ask(100n, 101n * CENTI), ask(50n, 51n * CENTI)]);

function setup({
  quote = threeAsks,
  allowance = maxUint256,
  callResult,
}: {
  quote?: typeof threeAsks;
  allowance?: bigint;
  callResult?: FakeChainOptions['callResult'];
} = {}) {
  const chain = createFakeChain({ chainId: 1, ...(callResult ? { callResult } : {}) });
  chain.setBalance(WETH.address, TAKER, 10n * E18);
  chain.setAllowance(WETH.address, TAKER, allowance);
  const quotes: FakeRequest[] = [];
  installTestNetwork(
    {
      'GET /token': () => ({ body: TOKENS }),
      'GET /rates': () => ({ body: RATES_RESPONSE }),
      'GET /quote': (request) => {
        quotes.push(request);
        return { body: quote };
      },
    },
    chain.rpc,
  );
  return { quotes, chain };
}

async function openAndReview(amount: string, bound?: string) {
  const user = userEvent.setup();
  await renderOrderDialog(
    (onClose) => (
      <MarketOrderDialog
        open
        target={{ base: ZRX.address, quote: WETH.address, side: 'buy' }}
        onClose={onClose}
      />
    ),
    TAKER,
  );
  await user.type(await screen.findByLabelText('Amount to buy'), amount);
  if (bound !== undefined) {
    await user.clear(screen.getByLabelText('Worst price accepted'));
    await user.type(screen.getByLabelText('Worst price accepted'), bound);
  }
  await user.click(screen.getByRole('button', { name: 'Review' }));
  return user;
}

/** The value the review's fact list gives for `label`. */
const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('MarketOrderDialog', () => {
  test('asks the relayer for the exact base units and shows the review’s orders, prices and costs', async () => {
    const { quotes } = setup();
    await openAndReview('250', '2');
    const table = await screen.findByRole('table', { name: 'Orders used' });
    expect(Object.fromEntries(quotes[0]?.url.searchParams ?? [])).toEqual({
      sellToken: WETH.address,
      buyToken: ZRX.address,
      buyAmount: (250n * E18).toString(),
      takerAddress: TAKER,
    });
    expect(textsOf(table, 'row')).toEqual([
      'MakerAmount (ZRX)Price (WETH per ZRX)Pay (WETH)',
      '0x5409ed…1000.011',
      '0x5409ed…1000.01011.01',
      '0x5409ed…500.01020.51',
    ]);
    expect(fact('You buy')).toBe('250 ZRX');
    expect(fact('You pay')).toBe('2.52 WETH');
    expect(fact('Average price')).toBe('0.01008 WETH per ZRX (0.80% above the best)');
    expect(fact('Best price')).toBe('0.01 WETH per ZRX');
    expect(fact('Worst price')).toBe('0.0102 WETH per ZRX (2.00% above the best; you accept 2%)');
    // The node's own estimate of the call (196,608 gas), not the quote's 210,000.
    expect(
      await screen.findByText(/^Network cost: ~.* ETH .*, 196,608 gas$/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Buy 250 ZRX' })).toBeEnabled());
    // The focus is on what changed: the review's heading.
    expect(screen.getByRole('heading', { name: 'Review' })).toHaveFocus();
  });

  test('refuses a worst price beyond the default 1 % bound, in words', async () => {
    setup();
    await openAndReview('250');
    expect(await screen.findByText(/beyond the 1% you accept/)).toHaveTextContent(
      'The worst order used is priced 0.0102 WETH per ZRX, 2.00% above the best price: beyond the 1% you accept.',
    );
    expect(screen.getByRole('button', { name: 'Buy 250 ZRX' })).toBeDisabled();
  });

  test('an incomplete quote says how much is there', async () => {
    setup({ quote: marketQuote([ask(100n, E18)], { complete: false, shortfall: (150n * E18).toString() }) });
    await openAndReview('250');
    expect(await screen.findByText(/can be bought now/)).toHaveTextContent(
      'Only 100 ZRX of the 250 ZRX asked can be bought now',
    );
  });

  test('a bad amount is said under its field and asks nothing', async () => {
    const { quotes } = setup();
    await openAndReview('1.2.3');
    const field = screen.getByLabelText('Amount to buy');
    expect(field).toHaveAccessibleDescription('Enter a plain number such as 1.5');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(quotes).toHaveLength(0);
  });

  test('without an allowance the review offers the Enable step first', async () => {
    setup({ allowance: 0n });
    await openAndReview('250', '2');
    expect(
      await screen.findByText(/Enable WETH first: this market order needs 2.52 WETH/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy 250 ZRX' })).toBeDisabled();
  });

  test('sends one batchFillOrders with each order’s reviewed amount, though the quote says fillOrdersUpTo', async () => {
    const { chain } = setup();
    const user = await openAndReview('250', '2');
    const buy = await screen.findByRole('button', { name: 'Buy 250 ZRX' });
    await waitFor(() => expect(buy).toBeEnabled());
    await user.click(buy);
    expect(
      await screen.findByText('Bought 250 ZRX for 2.52 WETH, an average price of 0.01008 WETH per ZRX.'),
    ).toBeInTheDocument();
    expect(chain.sent).toHaveLength(1);
    expect(chain.sent[0]).toMatchObject({ functionName: 'batchFillOrders', from: TAKER });
    expect(chain.sent[0]?.args.slice(2, 4)).toEqual([[E18, 101n * CENTI, 51n * CENTI], false]);
  });

  test('sends nothing when no order alone would fill any more', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { chain } = setup({ callResult: () => 0n });
    const user = await openAndReview('250', '2');
    const buy = await screen.findByRole('button', { name: 'Buy 250 ZRX' });
    await waitFor(() => expect(buy).toBeEnabled());
    await user.click(buy);
    expect(await screen.findByText(/None of these orders can be filled any more/)).toBeInTheDocument();
    expect(chain.sent).toHaveLength(0);
  });
});
