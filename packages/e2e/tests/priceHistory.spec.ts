import type { Page } from '@playwright/test';
import { expect, test } from '../src/fixtures.ts';
import { chooseToken, TOKEN_OPTIONS } from '../src/ui.ts';

// Price history (issue 26 item 5): fills made on the local chain show in the market view's 24 h figures,
// its book's header and candles, as the relayer's watcher recorded them, and a new fill reaches them
// without a reload (the candles put in place from the trades channel, not read again); the home page's
// book says the chosen pair's last price and 24 h change.

const E18 = 10n ** 18n;

/** The candle table's body rows as shown: start, open, high, low, close, volume, trades. */
async function candleRows(page: Page): Promise<string[][]> {
  return page
    .getByRole('table', { name: /candles, WETH per REP/ })
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) =>
        Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent?.trim() ?? ''),
      ),
    );
}

test('the market view shows candles and 24 h figures that match the fills, live', async ({
  main,
  openApp,
  stack,
  snap,
}) => {
  test.setTimeout(120_000);
  // An ask at 0.1 WETH per REP and a bid at 0.2 (account 3 gives WETH for REP).
  const ask = await main.postOrder({ maker: 1, sell: ['100', 'REP'], buy: ['10', 'WETH'] });
  const bid = await main.postOrder({ maker: 3, sell: ['4', 'WETH'], buy: ['20', 'REP'] });
  // Three fills by account 2, in this order: 10 REP for 1 WETH (0.1), 20 REP for 2 WETH (0.1), then
  // 1 WETH for 5 REP (0.2). Base volume 35 REP, quote volume 4 WETH.
  await main.fill(ask, 1n * E18, 2);
  await main.fill(ask, 2n * E18, 2);
  await main.fill(bid, 5n * E18, 2);

  const { page } = await openApp();
  // A link by symbols opens the market and is replaced by its address link.
  await page.goto(`${stack.siteUrl.main}/markets/REP/WETH`);
  const rep = main.token('REP').address;
  const weth = main.token('WETH').address;
  await expect(page).toHaveURL(new RegExp(`/markets/${rep}/${weth}$`, 'i'));

  const figures = page.getByLabel('24 hour figures');
  await expect(figures).toContainText('Last price0.2', { timeout: 20_000 });
  await expect(figures).toContainText('24 h change+0.1 (+100%)');
  await expect(figures).toContainText('24 h high0.2');
  await expect(figures).toContainText('24 h low0.1');
  await expect(figures).toContainText('24 h volume (REP)35');
  await expect(figures).toContainText('3 trades');
  // The market list: the same market's last price and 24 h change, a link to it.
  const list = page.getByRole('table', { name: 'Markets, last price and 24 h change' });
  await expect(list.getByRole('row', { name: /REP\/WETH/ })).toContainText('0.2+100%3');
  // The book's header: the same figures at the book's places (six significant digits of 0.1).
  const summary = page.getByLabel('Market summary');
  await expect(summary).toContainText('Last price0.200000');
  await expect(summary).toContainText('24 h change+100.00%');

  // Daily candles: all three fills in one, first and last by block, the high and low among them.
  await page.getByRole('button', { name: '1 day candles' }).click();
  await expect(
    page.getByRole('img', { name: /^Candle chart, WETH per REP, 1 day candles: 1 from/ }),
  ).toBeVisible();
  await expect
    .poll(() => candleRows(page))
    .toEqual([[expect.any(String), '0.1', '0.2', '0.1', '0.2', '35', '3']]);
  // Minute candles split the same fills by their blocks' minutes; together they are the three fills.
  await page.getByRole('button', { name: '1 minute candles' }).click();
  await expect(page.getByRole('img', { name: /1 minute candles/ })).toBeVisible();
  const minutes = await candleRows(page);
  expect(minutes.reduce((sum, row) => sum + Number(row[6]), 0)).toBe(3);
  expect(minutes.reduce((sum, row) => sum + Number(row[5]), 0)).toBe(35);
  await snap('price-history');

  // A fourth fill while the page is open: 5 REP for 0.5 WETH at 0.1, over the trades channel. The minute
  // candles take it in place: no candles are read again.
  let candleReads = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('/candles')) candleReads += 1;
  });
  await main.fill(ask, E18 / 2n, 2);
  await expect
    .poll(async () => (await candleRows(page)).reduce((sum, row) => sum + Number(row[6]), 0), {
      timeout: 20_000,
    })
    .toBe(4);
  expect(candleReads).toBe(0);
  await expect(figures).toContainText('4 trades', { timeout: 20_000 });
  await expect(figures).toContainText('Last price0.1');
  await expect(figures).toContainText('24 h change+0 (+0%)');
  await expect(figures).toContainText('24 h volume (REP)40');
  await expect(summary).toContainText('Last price0.100000');
  await expect(summary).toContainText('24 h change+0.00%');
  await page.getByRole('button', { name: '1 day candles' }).click();
  await expect
    .poll(() => candleRows(page))
    .toEqual([[expect.any(String), '0.1', '0.2', '0.1', '0.1', '40', '4']]);

  // The home page's book, with the pair chosen (the maker token as base).
  await page.goto(stack.siteUrl.main);
  await chooseToken(page, 'Make Order', TOKEN_OPTIONS.REP);
  await chooseToken(page, 'Take Order', TOKEN_OPTIONS.WETH);
  await expect(page.locator('[data-pair-ticker]')).toHaveText(
    'Last price 0.100000 WETH per REP · 24 h change +0.00%',
  );
});
