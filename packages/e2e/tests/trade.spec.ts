import { hashOrder } from '@relayer/protocol';
import type { OrderSpec } from '../src/ChainHelper.ts';
import { expect, test } from '../src/fixtures.ts';
import { dialog, notification, openMakeOrder, orderRows, rowTexts, TOKEN_OPTIONS } from '../src/ui.ts';
import { watchFill } from '../src/watchFill.ts';

// Prices come from the relayer's embedded static price file (no PRICE_SOURCE_URL): ZRX $0.35, WETH $2500.

test('connects, makes a signed order and sees it in the book with human amounts and USD prices', async ({
  main,
  openApp,
  snap,
}) => {
  const { page, wallet } = await openApp({ account: 1 });
  const form = await openMakeOrder(page, TOKEN_OPTIONS.ZRX, TOKEN_OPTIONS.WETH);
  await form.getByLabel('Make Amount').fill('1000');
  await form.getByLabel('Take Amount').fill('1');
  await expect(form.getByLabel('ZRX Market Price ($USD)')).toHaveValue('0.350');
  await expect(form.getByLabel('ZRX Asking Price ($USD)')).toHaveValue('2.500');
  await snap('make-order-dialog');
  await form.getByRole('button', { name: 'Save' }).click();

  await expect(notification(page, 'Order Added')).toBeVisible();
  await expect(form).toBeHidden();
  expect(wallet?.calls).toContain('personal_sign');
  const rows = orderRows(page);
  await expect(rows).toHaveCount(1);
  expect(await rowTexts(rows.first())).toEqual(['0.350', '2.500', 'ZRX', '0', '1000', 'WETH', '0', '1']);
  // $2.500 asked per ZRX against a $0.350 market, judged from the taker's side: 614.3% above market. The
  // relayer serves its static example prices here, so both prices say so and the judgement stays uncoloured.
  await expect(rows.first().getByText('example price')).toHaveCount(2);
  const judgement = rows.first().getByText('614.3% above market', { exact: true });
  await expect(judgement).toBeVisible();
  await expect(rows.first().locator('[data-judgement]')).toHaveAttribute('data-judgement', 'neutral');
  await snap('home-with-order');

  // The relayer holds exactly what was signed, by the connected account.
  const [stored] = await main.openOrders();
  expect(stored).toMatchObject({
    maker: main.address(1),
    makerTokenAddress: main.token('ZRX').address,
    takerTokenAddress: main.token('WETH').address,
    makerTokenAmount: (1000n * 10n ** 18n).toString(),
    takerTokenAmount: (10n ** 18n).toString(),
  });
  expect(stored && hashOrder(stored)).toBe(stored?.orderHash);
});

test('a second account takes an order in full: balances move by exactly its amounts and the row goes', async ({
  main,
  openApp,
  snap,
}) => {
  const spec: OrderSpec = { maker: 1, sell: ['250', 'REP'], buy: ['1.5', 'WETH'] };
  const order = await main.postOrder(spec);
  const fill = await watchFill(main, spec, 2);

  const { page } = await openApp({ account: 2 });
  const rows = orderRows(page);
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('button', { name: 'Take' }).click();
  const form = dialog(page, 'Take Order');
  await expect(form.getByLabel('Fill Amount')).toHaveValue('1.5');
  await expect(form.getByLabel('You Receive (REP)')).toHaveValue('250');
  await snap('take-order-dialog');
  await form.getByRole('button', { name: 'Take' }).click();

  await expect(notification(page, 'Order filled, database will update shortly')).toBeVisible();
  await expect(rows).toHaveCount(0);
  await expect(page.getByText('No open orders yet')).toBeVisible();

  // 250 REP to the taker, 1.5 WETH to the maker.
  await fill.expectMoved(250n * 10n ** 18n, 15n * 10n ** 17n);
  expect((await main.orderRecord(order))?.state).toBe('filled');
});

test('a partial take leaves the right remaining amount', async ({ main, openApp }) => {
  const order = await main.postOrder({ maker: 1, sell: ['1000', 'ZRX'], buy: ['2', 'WETH'] });
  const taker = main.address(3);
  const before = await main.balances(taker, ['ZRX', 'WETH']);

  const { page } = await openApp({ account: 3 });
  const rows = orderRows(page);
  await rows.first().getByRole('button', { name: 'Take' }).click();
  const form = dialog(page, 'Take Order');
  await form.getByLabel('Fill Amount').fill('0.5');
  await expect(form.getByLabel('You Receive (ZRX)')).toHaveValue('250');
  await form.getByRole('button', { name: 'Take' }).click();
  await expect(notification(page, 'Order filled, database will update shortly')).toBeVisible();

  // The row stays with what is still open, of the total.
  await expect(rows.first().getByRole('cell').nth(4)).toHaveText('750 of 1000');
  await expect(rows.first().getByRole('cell').nth(7)).toHaveText('1.5 of 2');
  expect(await main.balances(taker, ['ZRX', 'WETH'])).toEqual({
    ZRX: before.ZRX + 250n * 10n ** 18n,
    WETH: before.WETH - 5n * 10n ** 17n,
  });
  const record = await main.orderRecord(order);
  expect(record).toMatchObject({
    state: 'open',
    filledTakerTokenAmount: (5n * 10n ** 17n).toString(),
    remainingTakerTokenAmount: (15n * 10n ** 17n).toString(),
    remainingMakerTokenAmount: (750n * 10n ** 18n).toString(),
  });
});

test('taking with zero allowance goes through the Enable (approve) step first', async ({
  main,
  openApp,
  snap,
}) => {
  await main.postOrder({ maker: 1, sell: ['10', 'MKR'], buy: ['1', 'WETH'] });
  // Account 4 is funded but has approved nothing.
  const taker = main.address(4);
  expect(await main.allowanceOf('WETH', taker)).toBe(0n);

  const { page } = await openApp({ account: 4 });
  await orderRows(page).first().getByRole('button', { name: 'Take' }).click();
  const form = dialog(page, 'Take Order');
  await expect(form.getByText('Enable WETH first')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Take' })).toBeDisabled();
  await snap('take-order-enable-step');
  await form.getByRole('button', { name: 'Enable WETH' }).click();
  await expect(notification(page, 'WETH enabled for trading')).toBeVisible();
  await expect.poll(() => main.allowanceOf('WETH', taker)).toBeGreaterThan(0n);

  const before = await main.balances(taker, ['MKR', 'WETH']);
  await form.getByRole('button', { name: 'Take' }).click();
  await expect(notification(page, 'Order filled, database will update shortly')).toBeVisible();
  expect(await main.balances(taker, ['MKR', 'WETH'])).toEqual({
    MKR: before.MKR + 10n * 10n ** 18n,
    WETH: before.WETH - 10n ** 18n,
  });
});
