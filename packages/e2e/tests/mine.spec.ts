import type { Page } from '@playwright/test';
import { hashOrder } from '@relayer/protocol';
import { expect, shortAddress, test } from '../src/fixtures.ts';
import { dialog, notification, orderRows } from '../src/ui.ts';
import { TestWallet } from '../src/wallet/TestWallet.ts';

// Issue 10 items 4-6 from the trader's side: the order page (share link, QR code, Take, fills), the
// market's recent trades and My trades with the transaction hash, and My orders with an order the book
// hides. The local chain has no block explorer: hashes come with a copy button, not a link.

const E18 = 10n ** 18n;

async function openMine(page: Page, title: 'My orders' | 'My trades'): Promise<void> {
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
}

/** Nothing on the page is wider than the window (no sideways scrolling). */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
}

test('a fill shows at once in the order page’s fills and the market’s recent trades, then in My trades, with its transaction hash', async ({
  main,
  openApp,
  snap,
}) => {
  const order = await main.postOrder({ maker: 1, sell: ['300', 'REP'], buy: ['3', 'WETH'] });
  const hash = hashOrder(order);
  const { page } = await openApp({ account: 2 });

  // The book's row links to the order's page.
  await orderRows(page)
    .first()
    .getByRole('link', { name: /^Order 0x/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/orders/${hash}$`));
  const fills = page.getByRole('region', { name: 'Fills' });
  const recent = page.getByRole('region', { name: 'Recent trades in this market' });
  await expect(fills.getByText('Nobody has filled this order yet.')).toBeVisible();
  await expect(recent.getByText('No trades in this market yet', { exact: false })).toBeVisible();

  await page.getByRole('button', { name: 'Take', exact: true }).click();
  const form = dialog(page, 'Take Order');
  await form.getByLabel('Fill Amount').fill('1');
  await expect(form.getByLabel('You Receive (REP)')).toHaveValue('100');
  await form.getByRole('button', { name: 'Take' }).click();
  await expect(notification(page, 'Order filled, database will update shortly')).toBeVisible();
  await expect(form).toBeHidden();

  await expect.poll(async () => (await main.tradesOf(order)).length).toBe(1);
  const [trade] = await main.tradesOf(order);
  const tx = trade?.transactionHash ?? '';
  expect(trade?.taker).toBe(main.address(2).toLowerCase());
  // Live, without a reload: the fill in the order's fills and in the market's trades, the order's state.
  const fill = fills.getByRole('listitem').filter({ has: page.locator(`[data-tx="${tx}"]`) });
  await expect(fill).toContainText('100 REP for 1 WETH');
  await expect(fill.getByRole('button', { name: `Copy transaction hash ${tx}` })).toBeVisible();
  const marketTrade = recent.getByRole('listitem').filter({ has: page.locator(`[data-tx="${tx}"]`) });
  await expect(marketTrade).toContainText('Buy 100 REP for 1 WETH at 0.01 WETH each');
  await expect(page.locator('[data-state]').first()).toHaveText('Partly filled 33%');
  await snap('order-page-with-fill');

  await openMine(page, 'My trades');
  const mine = page.getByRole('list', { name: 'My trades' }).getByRole('listitem');
  await expect(mine).toHaveCount(1);
  await expect(mine.first()).toContainText('You bought 100 REP for 1 WETH');
  await expect(mine.first().locator('[data-tx]')).toHaveAttribute('data-tx', tx);
  await expect(mine.first().getByRole('button', { name: `Copy transaction hash ${tx}` })).toBeVisible();
  await snap('my-trades');
});

test('My orders shows an order the book hides because its maker moved the funds away, says what is missing, and cancels it on chain', async ({
  main,
  openApp,
  snap,
}) => {
  const hidden = await main.postOrder({ maker: 1, sell: ['40', 'MKR'], buy: ['6', 'WETH'] });
  await main.postOrder({ maker: 1, sell: ['500', 'ZRX'], buy: ['0.5', 'WETH'] });
  const maker = main.address(1);
  // The maker moves all its MKR away: the order can fill none of it (partly funded, it would stay open).
  await main.transfer('MKR', 1, main.address(7), await main.balanceOf('MKR', maker));
  await expect.poll(async () => (await main.orderRecord(hidden))?.state).toBe('unfunded');

  const { page } = await openApp({ account: 1 });
  await expect(orderRows(page)).toHaveCount(1);
  await page.setViewportSize({ width: 390, height: 844 });
  await openMine(page, 'My orders');
  const items = page.getByRole('list', { name: 'My orders' }).locator('[data-order]');
  const states = page.getByRole('group', { name: 'Filter by state' });
  await expect(items).toHaveCount(2);
  const item = page.locator(`[data-order="${hashOrder(hidden)}"]`);
  await expect(item.locator('[data-state]')).toHaveText('Maker unfunded');
  await expect(item).toContainText('Missing 40 MKR balance (has 0 of 40 needed for the order)');
  await expectNoSidewaysScroll(page);
  await snap('my-orders-unfunded-phone');

  // Filter by state: only the hidden one is unfunded.
  await states.getByRole('button', { name: 'Maker unfunded', exact: true }).click();
  await expect(items).toHaveCount(1);
  await expect(items.first()).toHaveAttribute('data-order', hashOrder(hidden));

  await item.getByRole('button', { name: 'Cancel' }).click();
  const form = dialog(page, 'Cancel Order');
  await expect(form).toContainText('40 MKR for 6 WETH');
  await form.getByRole('button', { name: 'Cancel Order' }).click();
  await expect(notification(page, 'Order cancelled, database will update shortly')).toBeVisible();
  expect(await main.cancelledAmount(hidden)).toBe(6n * E18);

  // Cancelled, it leaves the unfunded filter and shows under All and Cancelled.
  await expect(items).toHaveCount(0, { timeout: 30_000 });
  await states.getByRole('button', { name: 'All', exact: true }).click();
  await expect(item.locator('[data-state]')).toHaveText('Cancelled');
  await expect(item.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await states.getByRole('button', { name: 'Cancelled', exact: true }).click();
  await expect(items).toHaveCount(1);
  expect((await main.orderRecord(hidden))?.state).toBe('cancelled');
});

test('an order page opened from its share link in a fresh page is taken there, on a phone-sized screen', async ({
  main,
  openApp,
  browser,
  stack,
  snap,
}) => {
  const order = await main.postOrder({ maker: 1, sell: ['250', 'REP'], buy: ['1.5', 'WETH'] });
  const hash = hashOrder(order);

  // The maker finds the share link on the order's page, with its QR code.
  const { page } = await openApp({ account: 1 });
  await openMine(page, 'My orders');
  await page
    .locator(`[data-order="${hash}"]`)
    .getByRole('link', { name: `Order ${hash.slice(0, 6)}...${hash.slice(-4)}` })
    .click();
  const link = await page.getByRole('textbox', { name: 'Share link' }).inputValue();
  expect(link).toBe(`${new URL(page.url()).origin}/orders/${hash}`);
  await page.getByRole('button', { name: 'Show QR code' }).click();
  await expect(page.getByRole('img', { name: 'QR code of the share link' })).toHaveAttribute('data-qr', link);

  // The taker opens it in a browser of its own.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const taker = await context.newPage();
  const wallet = await TestWallet.install(taker, {
    address: main.address(2),
    chainId: main.info.chainId,
    rpcUrls: { [stack.chains.main.chainId]: stack.chains.main.rpcUrl },
  });
  const before = await main.balances(main.address(2), ['REP', 'WETH']);
  await taker.goto(link);
  await expect(taker.locator('[data-state]')).toHaveText('Open');
  await expect(taker.getByText('Sells 250 REP for 1.5 WETH')).toBeVisible();
  await taker.getByRole('button', { name: 'Connect wallet' }).click();
  await expect(taker.getByRole('button', { name: shortAddress(wallet.address) })).toBeVisible();
  await expectNoSidewaysScroll(taker);
  await taker.screenshot({ path: 'screenshots/order-page-phone.png', fullPage: true });

  await taker.getByRole('button', { name: 'Take', exact: true }).click();
  const form = dialog(taker, 'Take Order');
  await expect(form.getByRole('textbox', { name: 'Share link' })).toHaveValue(link);
  await expect(form.getByLabel('Fill Amount')).toHaveValue('1.5');
  await form.getByRole('button', { name: 'Take' }).click();
  await expect(notification(taker, 'Order filled, database will update shortly')).toBeVisible();
  await expect(taker.locator('[data-state]')).toHaveText('Filled');
  await expect(taker.getByRole('button', { name: 'Take', exact: true })).toBeDisabled();
  expect(await main.balances(main.address(2), ['REP', 'WETH'])).toEqual({
    REP: before.REP + 250n * E18,
    WETH: before.WETH - 15n * 10n ** 17n,
  });
  expect((await main.orderRecord(order))?.state).toBe('filled');
  await snap('order-page-maker');
  await context.close();
});

test('a malformed or unknown order link gives a clear page', async ({ openApp, stack }) => {
  const { page } = await openApp();
  await page.goto(`${stack.siteUrl.main}/orders/0x1234`);
  await expect(page.getByText('This is not an order link', { exact: false })).toBeVisible();
  await page.goto(`${stack.siteUrl.main}/orders/0x${'ab'.repeat(32)}`);
  await expect(page.getByText('No order with this hash on', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the order book' })).toBeVisible();
});
