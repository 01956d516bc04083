import { expect, test } from '../src/fixtures.ts';
import { dialog, notification, orderRows } from '../src/ui.ts';

test('a maker cancels an order on chain and it leaves the book; another account is offered no Cancel', async ({
  main,
  openApp,
  snap,
}) => {
  const mine = await main.postOrder({ maker: 1, sell: ['40', 'MKR'], buy: ['6', 'WETH'] });
  await main.postOrder({ maker: 2, sell: ['500', 'ZRX'], buy: ['0.5', 'WETH'] });
  const { page, wallet } = await openApp({ account: 1 });
  const rows = orderRows(page);
  await expect(rows).toHaveCount(2);
  // Only the connected maker's own order carries a Cancel button.
  await expect(rows.filter({ hasText: 'ZRX' }).getByRole('button', { name: 'Cancel' })).toHaveCount(0);

  await rows.filter({ hasText: 'MKR' }).getByRole('button', { name: 'Cancel' }).click();
  const form = dialog(page, 'Cancel Order');
  await expect(form).toContainText('40 MKR for 6 WETH');
  await snap('cancel-order-dialog');
  await form.getByRole('button', { name: 'Cancel Order' }).click();

  await expect(notification(page, 'Order cancelled, database will update shortly')).toBeVisible();
  await expect(form).toBeHidden();
  expect(wallet?.calls).toContain('eth_sendTransaction');
  // On chain the whole taker amount is cancelled; the relayer's watcher then drops the row.
  expect(await main.cancelledAmount(mine)).toBe(6n * 10n ** 18n);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('ZRX');
  expect((await main.orderRecord(mine))?.state).toBe('cancelled');
});
