import type { Locator } from '@playwright/test';
import { hashOrder, toBaseUnits } from '@relayer/protocol';
import { createWalletClient, erc20Abi, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { expect, test } from '../src/fixtures.ts';
import { dialog, notification } from '../src/ui.ts';

// Issue 26, market orders: a taker buys REP over three asks of two makers in one transaction, the last
// used in part; the middle one becomes unfillable after the quote (its maker empties its wallet in the
// same block, ahead of the fill), and the Exchange skips it. Every balance moves exactly as the review
// said, less that order: its share does not go to the last order (as fillOrdersUpTo, which the quote
// suggests, would give it), because the app sends batchFillOrders with the reviewed amounts.

const E18 = 10n ** 18n;

/** The value of one fact of the review ("You buy" → "250 REP"). */
async function fact(form: Locator, label: string): Promise<string> {
  const term = form.locator('dt', { hasText: new RegExp(`^${label}$`) });
  return ((await term.locator('xpath=following-sibling::dd[1]').textContent()) ?? '').trim();
}

/** An address as the app shortens it (web/src/format/shortenAddress). */
const short = (address: string) => `${address.slice(0, 8)}…`;

/** "2.52 WETH" → base units of an 18-decimal token. */
const units = (text: string) => toBaseUnits(text.split(' ')[0] ?? '', 18);

test('a taker buys over three orders of two makers in one transaction; an order made unfillable after the quote is skipped', async ({
  main,
  openApp,
  snap,
  stack,
}) => {
  test.setTimeout(120_000);
  // Asks of REP for WETH, best first: 0.01, 0.0101 and 0.0102 WETH per REP; a fourth at 0.012 stays unused.
  const best = await main.postOrder({ maker: 1, sell: ['100', 'REP'], buy: ['1', 'WETH'] });
  const second = await main.postOrder({ maker: 2, sell: ['100', 'REP'], buy: ['1.01', 'WETH'] });
  const third = await main.postOrder({ maker: 1, sell: ['50', 'REP'], buy: ['0.51', 'WETH'] });
  await main.postOrder({ maker: 2, sell: ['100', 'REP'], buy: ['1.2', 'WETH'] });
  // Account 4 holds WETH but has approved nothing: the review asks to enable it first.
  const [taker, maker1, maker2] = [main.address(4), main.address(1), main.address(2)];
  const before = {
    taker: await main.balances(taker, ['REP', 'WETH']),
    maker1: await main.balances(maker1, ['REP', 'WETH']),
    maker2: await main.balances(maker2, ['REP', 'WETH']),
  };

  const { page } = await openApp({ account: 4 });
  const rep = main.token('REP').address;
  await page.goto(`${stack.siteUrl.main}/markets/${rep}/${main.token('WETH').address}`);
  await page.getByRole('button', { name: 'Buy REP' }).click();
  const form = dialog(page, 'Market order');
  await expect(form.getByRole('radio', { name: 'Buy REP' })).toBeChecked();
  await form.getByLabel('Amount to buy').fill('230');
  await expect(form.getByLabel('Worst price accepted')).toHaveValue('1');
  await form.getByRole('button', { name: 'Review' }).click();

  // The worst order used is 2 % above the best: beyond the default 1 %, so refused, in words.
  await expect(form.getByText(/beyond the 1% you accept/)).toBeVisible();
  await expect(form.getByRole('button', { name: 'Buy 230 REP' })).toBeDisabled();
  await form.getByRole('button', { name: 'Back' }).click();
  await form.getByLabel('Worst price accepted').fill('2');
  const quoted = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith('/quote'));
  await form.getByRole('button', { name: 'Review' }).click();
  // Every order but the last is used in full, so the relayer suggests v1's fillOrdersUpTo.
  expect(((await (await quoted).json()) as { exchangeCall: string }).exchangeCall).toBe('fillOrdersUpTo');

  const rows = form.getByRole('table', { name: 'Orders used' }).locator('tbody tr');
  await expect(rows).toHaveCount(3);
  expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-order-hash')))).toEqual(
    [best, second, third].map(hashOrder),
  );
  const rowTexts = await rows.evaluateAll((trs) =>
    trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent?.trim())),
  );
  expect(rowTexts).toEqual([
    [short(maker1), '100', '0.01', '1'],
    [short(maker2), '100', '0.0101', '1.01'],
    [short(maker1), '30', '0.0102', '0.306'],
  ]);
  expect(await fact(form, 'You buy')).toBe('230 REP');
  expect(await fact(form, 'You pay')).toBe('2.316 WETH');
  expect(await fact(form, 'Average price')).toBe('0.010069565 WETH per REP (0.70% above the best)');
  expect(await fact(form, 'Worst price')).toBe('0.0102 WETH per REP (2.00% above the best; you accept 2%)');
  expect(await fact(form, 'Taker fee')).toBe('0 ZRX');

  // The Enable step, then the network cost of the very call (the node's estimate), then the one prompt.
  await form.getByRole('button', { name: 'Enable WETH' }).click();
  await expect(notification(page, 'WETH enabled for trading')).toBeVisible();
  const buy = form.getByRole('button', { name: 'Buy 230 REP' });
  await expect(buy).toBeEnabled();
  await expect(form.locator('[data-tx-cost="ready"]')).toHaveText(
    /^Network cost: ~[\d.]+ ETH.*, [\d,]+ gas$/,
  );
  await snap('market-order-review');
  const reviewed = {
    bought: units(await fact(form, 'You buy')),
    paid: units(await fact(form, 'You pay')),
    skippedBase: toBaseUnits(rowTexts[1]?.[1] ?? '', 18),
    skippedQuote: toBaseUnits(rowTexts[1]?.[3] ?? '', 18),
  };

  // Blocks wait while the fill is pending, so maker 2's transfer of all its REP lands in the same
  // block, ahead of it (a higher tip): the quoted order is unfunded by the time the Exchange reaches it.
  await main.rpc('evm_setAutomine', [false]);
  try {
    await buy.click();
    await expect
      .poll(async () => ((await main.rpc('txpool_status')) as { pending: string }).pending, {
        timeout: 30_000,
      })
      .toBe('0x1');
    const wallet = createWalletClient({
      account: privateKeyToAccount(main.privateKey(2)),
      transport: http(main.info.rpcUrl),
    });
    const emptied = await wallet.writeContract({
      chain: null,
      address: rep,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [main.address(6), before.maker2.REP],
      // Estimated on the pending block, where the fill has already spent part of this balance.
      gas: 100_000n,
      maxPriorityFeePerGas: 100n * 10n ** 9n,
      maxFeePerGas: 200n * 10n ** 9n,
    });
    await main.rpc('evm_mine');
    const transfer = await main.client.getTransactionReceipt({ hash: emptied });
    expect(transfer.status).toBe('success');
    const block = await main.client.getBlock({ blockNumber: transfer.blockNumber });
    expect(block.transactions.length, 'the transfer and the fill share a block').toBe(2);
    expect(block.transactions[0]).toBe(emptied);
  } finally {
    await main.rpc('evm_setAutomine', [true]);
  }

  await expect(
    form.getByText('Bought 130 REP for 1.306 WETH, an average price of 0.010046154 WETH per REP.'),
  ).toBeVisible();
  await expect(
    form.getByText(
      `Skipped the order of maker ${short(maker2)}: its maker (or you) no longer held or had approved enough.`,
    ),
  ).toBeVisible();
  await snap('market-order-result');

  // Exactly the review, less the skipped order's share, to the base unit.
  expect(reviewed).toEqual({
    bought: 230n * E18,
    paid: 2316n * 10n ** 15n,
    skippedBase: 100n * E18,
    skippedQuote: 101n * 10n ** 16n,
  });
  expect(await main.balances(taker, ['REP', 'WETH'])).toEqual({
    REP: before.taker.REP + reviewed.bought - reviewed.skippedBase,
    WETH: before.taker.WETH - (reviewed.paid - reviewed.skippedQuote),
  });
  expect(await main.balances(maker1, ['REP', 'WETH'])).toEqual({
    REP: before.maker1.REP - (reviewed.bought - reviewed.skippedBase),
    WETH: before.maker1.WETH + (reviewed.paid - reviewed.skippedQuote),
  });
  expect(await main.balances(maker2, ['REP', 'WETH'])).toEqual({ REP: 0n, WETH: before.maker2.WETH });
});
