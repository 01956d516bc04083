import { exchangeArtifact } from '@relayer/contracts';
import { hashOrder } from '@relayer/protocol';
import { axeViolations } from '../src/axeScan.ts';
import { expect, test } from '../src/fixtures.ts';
import { dialog, notification, orderRows } from '../src/ui.ts';

// Issue 26 item 3: a maker cancels three of their orders with one batchCancelOrders transaction.

test('a maker cancels three orders with one transaction: all three leave the book and read Cancelled', async ({
  main,
  openApp,
  snap,
}) => {
  const mine = [
    await main.postOrder({ maker: 1, sell: ['40', 'MKR'], buy: ['6', 'WETH'] }),
    await main.postOrder({ maker: 1, sell: ['100', 'REP'], buy: ['2', 'WETH'] }),
    await main.postOrder({ maker: 1, sell: ['1000', 'ZRX'], buy: ['0.5', 'WETH'] }),
  ];
  const kept = await main.postOrder({ maker: 2, sell: ['500', 'GNT'], buy: ['0.5', 'WETH'] });
  const { page, wallet } = await openApp({ account: 1 });
  await expect(orderRows(page)).toHaveCount(4);

  await page.getByRole('button', { name: 'Open navigation' }).click();
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'My orders' })
    .click();
  const list = page.getByRole('list', { name: 'My orders' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  // One ticked by hand, then every open one of all markets.
  await list.getByRole('checkbox', { name: /^Select Sell 40 MKR for 6 WETH/ }).check();
  await expect(page.getByText('1 order selected')).toBeVisible();
  await page.getByRole('button', { name: 'Select all open, all markets' }).click();
  await expect(page.getByText('3 orders selected')).toBeVisible();
  for (const box of await list.getByRole('checkbox').all()) await expect(box).toBeChecked();
  await page.getByRole('button', { name: 'Cancel selected (3)' }).click();

  const form = dialog(page, 'Cancel 3 orders');
  const listed = form.getByRole('list', { name: 'Orders to cancel' }).getByRole('listitem');
  // The hand-ticked one first, then the others newest first.
  await expect(listed).toHaveText([
    'Sell 40 MKR for 6 WETH',
    'Sell 1000 ZRX for 0.5 WETH',
    'Sell 100 REP for 2 WETH',
  ]);
  await snap('cancel-many-dialog');
  expect(await axeViolations(page, 'Cancel 3 orders dialog')).toEqual([]);
  const sentBefore = wallet?.calls.filter((call) => call === 'eth_sendTransaction').length ?? 0;
  await form.getByRole('button', { name: 'Cancel 3 orders' }).click();
  await expect(
    notification(page, '3 orders cancelled in one transaction: they leave the book'),
  ).toBeVisible();
  await expect(form).toBeHidden();
  expect(wallet?.calls.filter((call) => call === 'eth_sendTransaction').length).toBe(sentBefore + 1);

  // On chain: the whole taker amount of each cancelled, by LogCancels of a single transaction.
  for (const order of mine) expect(await main.cancelledAmount(order)).toBe(BigInt(order.takerTokenAmount));
  const cancels = await main.client.getContractEvents({
    address: main.info.deployment.exchange,
    abi: exchangeArtifact.abi,
    eventName: 'LogCancel',
    fromBlock: 0n,
  });
  const hashes = new Set(mine.map((order) => hashOrder(order)));
  const ours = cancels.filter((event) => hashes.has(event.args.orderHash ?? '0x'));
  expect(ours).toHaveLength(3);
  expect(new Set(ours.map((event) => event.transactionHash)).size).toBe(1);

  // The relayer's book keeps only the other maker's order; My orders reads Cancelled for all three.
  await expect
    .poll(async () => (await main.openOrders()).map((order) => order.orderHash))
    .toEqual([hashOrder(kept)]);
  await expect(list.locator('[data-state="cancelled"]')).toHaveCount(3, { timeout: 15_000 });
  await expect(list.getByRole('checkbox')).toHaveCount(0);
  for (const order of mine) expect((await main.orderRecord(order))?.state).toBe('cancelled');
  await snap('cancel-many-done');
});

test('before wrapping ETH, a maker is warned of an unfunded order it would revive and cancels it first', async ({
  main,
  openApp,
  snap,
}) => {
  const order = await main.postOrder({ maker: 1, sell: ['1', 'WETH'], buy: ['500', 'ZRX'] });
  // The maker moves all their WETH away: the order stays signed, unfunded, out of the book.
  const maker = main.address(1);
  await main.transfer('WETH', 1, main.address(5), await main.balanceOf('WETH', maker));
  await expect.poll(async () => (await main.orderRecord(order))?.state, { timeout: 15_000 }).toBe('unfunded');

  const { page } = await openApp({ account: 1 });
  const wrap = page.getByRole('region', { name: 'Wrap ETH' });
  const warning = wrap.locator('[data-revival-warning]');
  await expect(warning).toContainText(
    'Wrapping ETH into WETH would make an unfunded order of yours fillable again',
  );
  await expect(warning.getByRole('listitem')).toHaveText(['Sell 1 WETH for 500 ZRX']);
  await snap('wrap-revival-warning');
  // A tooltip left open by the pointer's last click is no state of the page.
  await page.mouse.move(0, 0);
  expect(await axeViolations(page, 'wrap panel, revival warning')).toEqual([]);
  await warning.getByRole('button', { name: 'Cancel it first' }).click();
  const form = dialog(page, 'Cancel 1 order');
  await form.getByRole('button', { name: 'Cancel 1 order' }).click();
  await expect(notification(page, '1 order cancelled in one transaction: it leaves the book')).toBeVisible();
  expect(await main.cancelledAmount(order)).toBe(BigInt(order.takerTokenAmount));
  await expect
    .poll(async () => (await main.orderRecord(order))?.state, { timeout: 15_000 })
    .toBe('cancelled');
  await expect(warning).toHaveCount(0);
});
