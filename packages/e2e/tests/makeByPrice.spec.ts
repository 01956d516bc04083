import { hashOrder } from '@relayer/protocol';
import { expect, test } from '../src/fixtures.ts';
import { notification, openMakeOrder, TOKEN_OPTIONS } from '../src/ui.ts';

// Issue 26 item 2: a maker makes an order by limit price; the relayer holds amounts whose ratio is the
// signed price the form showed. The relayer serves its static example prices here, so the market
// buttons work from them but no far-from-market warning is ever given.

test('a maker makes an order by price and the signed amounts carry exactly the price shown', async ({
  main,
  openApp,
  snap,
}) => {
  const { page } = await openApp({ account: 1 });
  const form = await openMakeOrder(page, TOKEN_OPTIONS.REP, TOKEN_OPTIONS.USDC);
  await form.getByRole('button', { name: 'Limit price' }).click();
  const price = form.getByLabel('Price (USDC per REP)');
  await expect(form.getByText(/^Market price: [\d.]+ USDC per REP \(example price\)$/)).toBeVisible();
  await form.getByRole('button', { name: 'Market price' }).click();
  await expect(price).not.toHaveValue('');

  // 10 REP at 1.23456789 USDC each is 12.3456789 USDC; USDC has 6 decimals, so the maker asks 12.345679.
  await price.fill('1.23456789');
  await form.getByLabel('Make Amount').fill('10');
  await expect(form.getByLabel('Take Amount at this price')).toHaveValue('12.345679 USDC');
  const signed = form.locator('[data-signed-price]');
  await expect(signed).toContainText('Signed price: 1.2345679 USDC per REP.');
  await expect(form.locator('[data-far-from-market]')).toHaveCount(0);
  await snap('make-order-by-price');
  const shown = (await signed.getAttribute('data-signed-price')) ?? '';
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(notification(page, 'Order Added')).toBeVisible();
  await expect(form).toBeHidden();

  const [stored] = await main.openOrders();
  expect(stored).toMatchObject({
    maker: main.address(1),
    makerTokenAddress: main.token('REP').address,
    takerTokenAddress: main.token('USDC').address,
    makerTokenAmount: (10n * 10n ** 18n).toString(),
    takerTokenAmount: '12345679',
  });
  expect(stored && hashOrder(stored)).toBe(stored?.orderHash);
  // The signed amounts' ratio in human units (USDC per REP) equals the shown price exactly.
  const [whole = '', fraction = ''] = shown.split('.');
  const shownUnits = BigInt(whole + fraction);
  const shownScale = 10n ** BigInt(fraction.length);
  const taker = BigInt(stored?.takerTokenAmount ?? 0) * 10n ** 18n;
  const maker = BigInt(stored?.makerTokenAmount ?? 1) * 10n ** 6n;
  expect(taker * shownScale).toBe(shownUnits * maker);
});
