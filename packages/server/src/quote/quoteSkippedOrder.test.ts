import type { QuoteResponse } from '@relayer/protocol';
import { createTestClient, http, zeroAddress } from 'viem';
import { expect, test } from 'vitest';
import { useChainApp } from '../../test/helpers/chainApp.js';
import { quoteKit } from '../../test/helpers/quoteKit.js';

/**
 * What each Exchange call does with an order that became unfillable after the quote (docs/API.md,
 * "Quote"): fillOrdersUpTo gives its share to the order after it, batchFillOrders with the quoted
 * amounts leaves it unbought and fills every other order exactly as quoted.
 */
const E18 = 10n ** 18n;
const TAKER = 4;

const { t, app } = useChainApp();
const kit = () => quoteKit({ t, app, fees: { feeRecipient: zeroAddress, makerFee: 0n, takerFee: 0n } });

test('a skipped middle order: fillOrdersUpTo moves its share to the last order, the batch does not', async () => {
  const k = kit();
  const anvil = createTestClient({ mode: 'anvil', transport: http(t.chain.rpcUrl) });
  const [rep, weth] = [t.token('REP').address, t.token('WETH').address];
  const taker = t.address(TAKER);
  await k.approve(TAKER, weth);
  // Asks of 100, 100 and 50 REP at 0.01, 0.0101 and 0.0102 WETH per REP; makers 1 and 2.
  await k.make(1, rep, weth, 100n * E18, E18);
  await k.make(2, rep, weth, 100n * E18, 101n * 10n ** 16n);
  await k.make(1, rep, weth, 50n * E18, 51n * 10n ** 16n);
  const quote = await k.quote({
    sellToken: weth,
    buyToken: rep,
    buyAmount: (230n * E18).toString(),
    takerAddress: taker,
  });
  // The first two in full, 30 REP of the third: v1's fillOrdersUpTo gives each exactly that.
  expect(quote.exchangeCall).toBe('fillOrdersUpTo');
  expect(quote.orders.map((o) => BigInt(o.makerAmount))).toEqual([100n * E18, 100n * E18, 30n * E18]);
  // Maker 2 empties its wallet: its order is skipped with a LogError.
  await k.setBalance(rep, t.address(2), 0n);

  const bought = async (call: QuoteResponse['exchangeCall']) => {
    const snapshot = await anvil.snapshot();
    try {
      const before = await k.balanceOf(rep, taker);
      await k.execute({ ...quote, exchangeCall: call }, TAKER);
      return (await k.balanceOf(rep, taker)) - before;
    } finally {
      await anvil.revert({ id: snapshot });
    }
  };
  // The skipped order's 1.01 WETH goes to the last order, which has only 20 REP more to give: 50 in all.
  expect(await bought('fillOrdersUpTo')).toBe(150n * E18);
  // Exactly the quote less the skipped order's share.
  expect(await bought('batchFillOrders')).toBe(130n * E18);
}, 120_000);
