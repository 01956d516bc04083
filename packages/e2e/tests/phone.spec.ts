import type { Locator, Page } from '@playwright/test';
import { hashOrder } from '@relayer/protocol';
import type { OrderSpec } from '../src/ChainHelper.ts';
import { expect, test } from '../src/fixtures.ts';
import { dialog, notification, openMakeOrder, TOKEN_OPTIONS } from '../src/ui.ts';
import { watchFill } from '../src/watchFill.ts';

// A phone: 390 px wide (an iPhone 12-15), touch, high density.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });

/** The page scrolls sideways when its content is wider than the screen. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const scroller = document.scrollingElement ?? document.documentElement;
    return { scrollWidth: scroller.scrollWidth, clientWidth: scroller.clientWidth };
  });
  expect(clientWidth).toBe(390);
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

/** An open dialog (its paper carries the dialog role) covers the screen; nothing in it scrolls sideways. */
async function expectDialogFits(page: Page, paper: Locator): Promise<void> {
  const box = await paper.boundingBox();
  expect(box?.x).toBe(0);
  expect(box?.width).toBe(390);
  const { scrollWidth, clientWidth } = await paper.evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  await expectNoSidewaysScroll(page);
}

function orderCards(page: Page): Locator {
  return page.getByRole('list', { name: 'Orders' }).locator('[data-order-card]');
}

test('on a phone the book is a list of cards, nothing scrolls sideways, and an order is taken from its card', async ({
  main,
  openApp,
  stack,
  snap,
}) => {
  const spec: OrderSpec = { maker: 1, sell: ['250', 'REP'], buy: ['1.5', 'WETH'] };
  const order = await main.postOrder(spec);
  const fill = await watchFill(main, spec, 2);
  const { page } = await openApp({ account: 2 });
  // The web server paints the book's first rows into the page itself (its read of the relayer lives 2 s).
  await expect
    .poll(async () => (await page.request.get(stack.siteUrl.main)).text())
    .toContain(`data-first-row="${hashOrder(order)}"`);

  // The book: a card per order with the table's content, and no table.
  const cards = orderCards(page);
  await expect(cards).toHaveCount(1);
  const card = cards.first();
  await expect(card.getByText('Maker offers')).toBeVisible();
  await expect(card.getByText('250', { exact: true })).toBeVisible();
  await expect(card.getByText('1.5', { exact: true })).toBeVisible();
  await expect(card.getByText('example price').first()).toBeVisible();
  await expect(card.locator('[data-fillability="full"]')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Take' })).toBeEnabled();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await snap('phone-home');

  // The coin overview: its two books are cards too.
  await page.goto(`${stack.siteUrl.main}/coins/rep/overview`);
  await expect(page.getByRole('region', { name: 'Coin overview' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: /^Orders selling REP/ }).locator('[data-order-card]'),
  ).toHaveCount(1);
  await expectNoSidewaysScroll(page);
  await snap('phone-coin-overview');

  // The make dialog fills the screen.
  await page.goto(stack.siteUrl.main);
  await expect(cards).toHaveCount(1);
  // The pair of the order on the book, which therefore stays listed below.
  const make = await openMakeOrder(page, TOKEN_OPTIONS.REP, TOKEN_OPTIONS.WETH);
  await expectDialogFits(page, make);
  await snap('phone-make-order');
  await make.getByRole('button', { name: 'Close' }).click();
  await expect(make).toBeHidden();

  // Taking from the card: the same dialog, full screen, and the order is filled on chain.
  await cards.first().getByRole('button', { name: 'Take' }).click();
  const take = dialog(page, 'Take Order');
  await expect(take.getByLabel('Fill Amount')).toHaveValue('1.5');
  await expectDialogFits(page, take);
  await snap('phone-take-order');
  await take.getByRole('button', { name: 'Take' }).click();
  await expect(notification(page, 'Order filled, database will update shortly')).toBeVisible();
  await expect(cards).toHaveCount(0);
  await expect(page.getByText('No open orders for these tokens')).toBeVisible();
  await expectNoSidewaysScroll(page);

  // 250 REP to the taker, 1.5 WETH to the maker.
  await fill.expectMoved(250n * 10n ** 18n, 15n * 10n ** 17n);
});
