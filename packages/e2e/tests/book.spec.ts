import { expect, test } from '../src/fixtures.ts';
import { dialog, notification, orderRows, ordersGrid, rowTexts } from '../src/ui.ts';

const makerAmountCell = (row: import('@playwright/test').Locator) => row.getByRole('cell').nth(4);

test('pages and sorts the order book on the server', async ({ main, openApp, snap }) => {
  // Seven ZRX -> WETH orders, 10 to 70 ZRX, posted out of order from two makers.
  for (const [i, amount] of ['30', '10', '70', '50', '20', '60', '40'].entries()) {
    await main.postOrder({ maker: 1 + (i % 2), sell: [amount, 'ZRX'], buy: ['0.01', 'WETH'] });
  }
  const { page } = await openApp();
  const grid = ordersGrid(page);
  const rows = orderRows(page);
  await expect(rows).toHaveCount(5);
  await expect(page.getByText('1–5 of 7')).toBeVisible();

  await grid.getByRole('button', { name: 'Maker Amount' }).click();
  await expect(makerAmountCell(rows.first())).toHaveText('10');
  const ascending = await Promise.all((await rows.all()).map((row) => makerAmountCell(row).textContent()));
  expect(ascending).toEqual(['10', '20', '30', '40', '50']);

  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(page.getByText('6–7 of 7')).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(makerAmountCell(rows.first())).toHaveText('60');
  await expect(makerAmountCell(rows.last())).toHaveText('70');
  await snap('book-page-2');

  // Sorting again goes back to page 1, now descending.
  await grid.getByRole('button', { name: 'Maker Amount' }).click();
  await expect(makerAmountCell(rows.first())).toHaveText('70');
  await expect(page.getByText('1–5 of 7')).toBeVisible();
  await expect(makerAmountCell(rows.last())).toHaveText('30');

  // The asking price sorts on the server too: 0.01 WETH for 70 ZRX asks the least per ZRX.
  await grid.getByRole('button', { name: /^Asking Price/ }).click();
  await expect(makerAmountCell(rows.first())).toHaveText('70');
  await expect(makerAmountCell(rows.last())).toHaveText('30');
  await grid.getByRole('button', { name: /^Asking Price/ }).click();
  await expect(makerAmountCell(rows.first())).toHaveText('10');
});

test('amounts sort by their human value across tokens with different decimals', async ({ main, openApp }) => {
  // 2 WBTC (8 decimals: 2·10^8 base units) and 3 USDC (6 decimals: 3·10^6) against 1 ZRX (10^18):
  // by base units ZRX would be the largest and USDC the smallest; by amount, USDC is the largest.
  const sides = [
    ['1', 'ZRX'],
    ['2', 'WBTC'],
    ['3', 'USDC'],
  ] as const;
  for (const [amount, symbol] of sides) {
    await main.postOrder({ maker: 1, sell: [amount, symbol], buy: ['0.01', 'WETH'] });
  }
  const { page } = await openApp();
  const grid = ordersGrid(page);
  const rows = orderRows(page);
  await expect(rows).toHaveCount(3);
  await grid.getByRole('button', { name: 'Maker Amount' }).click();
  await expect(makerAmountCell(rows.first())).toHaveText('1');
  const amounts = await Promise.all((await rows.all()).map((row) => makerAmountCell(row).textContent()));
  expect(amounts).toEqual(['1', '2', '3']);
});

test('an order posted by another trader appears without a reload, and its fill updates the row', async ({
  main,
  openApp,
}) => {
  const { page } = await openApp({ account: 3 });
  const rows = orderRows(page);
  await expect(page.getByText('No open orders yet')).toBeVisible();

  const order = await main.postOrder({ maker: 2, sell: ['4', 'MKR'], buy: ['6', 'WETH'] });
  await expect(rows).toHaveCount(1);
  expect(await rowTexts(rows.first())).toEqual(['1500.000', '3750.000', 'MKR', '0', '4', 'WETH', '0', '6']);

  // Someone fills half on chain: the relayer's watcher sees it and the open book follows.
  await main.fill(order, 3n * 10n ** 18n, 1);
  await expect(makerAmountCell(rows.first())).toHaveText('2 of 4');
});

test('submits a raw signed order, checking it before posting', async ({ main, openApp, snap }) => {
  const { page } = await openApp({ account: 1 });
  await page.getByRole('button', { name: 'Raw Order' }).click();
  const form = dialog(page, 'Submit Signed Order');
  const field = form.getByLabel('Signed Order (JSON)');

  await field.fill('{"maker": ');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText('Not valid JSON: paste the signed order object')).toBeVisible();

  // Signed by account 2, not by the connected wallet: a raw order is posted as it is.
  const order = await main.signOrder({ maker: 2, sell: ['100', 'REP'], buy: ['0.05', 'WETH'] });
  const tampered = { ...order, makerTokenAmount: '1' };
  await field.fill(JSON.stringify(tampered));
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText('ecSignature: not a signature of this order by its maker')).toBeVisible();
  expect(await main.openOrders()).toEqual([]);

  await field.fill(JSON.stringify(order, null, 2));
  await snap('raw-order-dialog');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(notification(page, 'Order Added')).toBeVisible();
  await expect(form).toBeHidden();
  await expect(orderRows(page)).toHaveCount(1);
  expect(await rowTexts(orderRows(page).first())).toEqual([
    '1.200',
    '1.250',
    'REP',
    '0',
    '100',
    'WETH',
    '0',
    '0.05',
  ]);
  expect((await main.openOrders()).map((o) => o.maker)).toEqual([main.address(2)]);
});

test('the book fits a 1366 px laptop as a table and reflows to cards at 200 % zoom, Take in view', async ({
  main,
  openApp,
}) => {
  await main.postOrder({ maker: 1, sell: ['1000', 'ZRX'], buy: ['1', 'WETH'] });
  await main.postOrder({ maker: 2, sell: ['2', 'MKR'], buy: ['3', 'WETH'] });
  const { page } = await openApp();
  const sideways = () =>
    page.evaluate(() => {
      const scroller = document.scrollingElement ?? document.documentElement;
      return scroller.scrollWidth - scroller.clientWidth;
    });
  const inView = async (take: import('@playwright/test').Locator, width: number) => {
    const box = await take.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
  };

  await page.setViewportSize({ width: 1366, height: 900 });
  await expect(orderRows(page)).toHaveCount(2);
  expect(await sideways()).toBe(0);
  const table = ordersGrid(page);
  expect(await table.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
  // Headers are never cut ("M... Fee"): each shows its whole text.
  const makerFee = table.getByRole('columnheader', { name: 'Maker Fee' });
  await expect(makerFee).toHaveText('Maker Fee');
  expect(await makerFee.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await inView(orderRows(page).first().getByRole('button', { name: 'Take' }), 1366);

  // 200 % zoom on that laptop: a 683 px wide viewport in CSS pixels.
  await page.setViewportSize({ width: 683, height: 450 });
  const cards = page.getByRole('list', { name: 'Orders' }).locator('[data-order-card]');
  await expect(cards).toHaveCount(2);
  await expect(page.getByRole('table', { name: 'Orders' })).toHaveCount(0);
  expect(await sideways()).toBe(0);
  await inView(cards.first().getByRole('button', { name: 'Take' }), 683);
});
