import type { Locator, Page } from '@playwright/test';
import { hashOrder } from '@relayer/protocol';
import { expect, test } from '../src/fixtures.ts';
import { dialog } from '../src/ui.ts';

/** A side of the market view's ladder: its body rows, best price first. */
function ladder(page: Page, side: 'Asks' | 'Bids'): Locator {
  return page.getByRole('table', { name: new RegExp(`^${side}`) }).locator('tbody tr[data-order-hash]');
}

/** Each row's price, amount, total and depth as shown (desktop: all four columns). */
async function ladderTexts(rows: Locator): Promise<string[][]> {
  return rows.evaluateAll((trs) =>
    trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent?.trim() ?? '')),
  );
}

test('the market view shows asks and bids in price order and places a new order live, and a row opens Take', async ({
  main,
  openApp,
  snap,
}) => {
  // ZRX/WETH: two asks (one better), a bid; and one order of another pair, so ZRX/WETH is the busiest.
  await main.postOrder({ maker: 1, sell: ['100', 'ZRX'], buy: ['0.1', 'WETH'] });
  await main.postOrder({ maker: 1, sell: ['50', 'ZRX'], buy: ['0.06', 'WETH'] });
  await main.postOrder({ maker: 3, sell: ['0.09', 'WETH'], buy: ['100', 'ZRX'] });
  await main.postOrder({ maker: 3, sell: ['1', 'MKR'], buy: ['1', 'WETH'] });

  const { page } = await openApp({ account: 2 });
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await page.getByRole('link', { name: 'Markets' }).click();
  // The default market: the pair with the most orders, quoted in WETH, named by address in the URL.
  await expect(page).toHaveURL(
    new RegExp(`/markets/${main.token('ZRX').address}/${main.token('WETH').address}$`, 'i'),
  );
  await expect(page.getByRole('combobox', { name: 'Base token' })).toHaveValue('0x Protocol Token - ZRX');

  const asks = ladder(page, 'Asks');
  const bids = ladder(page, 'Bids');
  await expect(asks).toHaveCount(2);
  expect(await ladderTexts(asks)).toEqual([
    ['0.001000000', '100', '0.1', '100'],
    ['0.001200000', '50', '0.06', '150'],
  ]);
  expect(await ladderTexts(bids)).toEqual([['0.000900000', '100', '0.09', '100']]);
  const summary = page.getByLabel('Market summary');
  await expect(summary).toContainText('Spread0.000100000 (10.53%)');
  await expect(summary).toContainText('Mid price0.000950000');
  await expect(page.getByRole('img', { name: /^Depth chart/ })).toBeVisible();
  await snap('market-view');

  // Another trader posts a better ask over the API: it lands first, without a reload.
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
  const better = await main.postOrder({ maker: 3, sell: ['200', 'ZRX'], buy: ['0.19', 'WETH'] });
  await expect(asks).toHaveCount(3);
  expect(await ladderTexts(asks)).toEqual([
    ['0.000950000', '200', '0.19', '200'],
    ['0.001000000', '100', '0.1', '300'],
    ['0.001200000', '50', '0.06', '350'],
  ]);
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  // The spread closed: best ask 0.00095 against best bid 0.0009.
  await expect(summary).toContainText('Spread0.000050000 (5.41%)');

  // Its row opens the Take dialog for that order.
  const row = asks.first();
  await expect(row).toHaveAttribute('data-order-hash', hashOrder(better));
  await row.click();
  const take = dialog(page, 'Take Order');
  await expect(take).toBeVisible();
  await expect(take.getByLabel('Make Amount')).toHaveValue('200');
  await expect(take.getByLabel('Take Amount')).toHaveValue('0.19');
  await snap('market-take');
});

test('an empty market says what to do, the swap button turns the pair round, and a phone scrolls only down', async ({
  main,
  openApp,
  stack,
  snap,
}) => {
  await main.postOrder({ maker: 1, sell: ['10', 'MKR'], buy: ['1', 'WETH'] });
  const { page } = await openApp();
  const mkr = main.token('MKR').address;
  const weth = main.token('WETH').address;
  await page.goto(`${stack.siteUrl.main}/markets/${main.token('REP').address}/${weth}`);
  await expect(page.getByText('No orders for this pair yet - make one.')).toBeVisible();

  await page.goto(`${stack.siteUrl.main}/markets/${mkr}/${weth}`);
  await expect(ladder(page, 'Asks')).toHaveCount(1);
  await page.getByRole('button', { name: 'Swap base and quote' }).click();
  await expect(page).toHaveURL(new RegExp(`/markets/${weth}/${mkr}$`, 'i'));
  // Seen from WETH, the same order buys the base: a bid of 10 MKR per WETH.
  await expect(ladder(page, 'Bids')).toHaveCount(1);
  expect(await ladderTexts(ladder(page, 'Bids'))).toEqual([['10.0000', '1', '10', '1']]);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(ladder(page, 'Bids')).toHaveCount(1);
  // The swap button's tooltip, still open from the click, is placed for the old width until its popper
  // catches up with the resize: count the page's own width once it has settled.
  await page.mouse.move(0, 0);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
  await snap('market-phone');
});
