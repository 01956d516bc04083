import { expect, test } from '../src/fixtures.ts';
import { chooseToken, TOKEN_OPTIONS } from '../src/ui.ts';

test('a coin overview: reached from the token panel, with its facts, USD price and both sides of its book', async ({
  main,
  openApp,
  stack,
  snap,
}) => {
  await main.postOrder({ maker: 1, sell: ['1000', 'ZRX'], buy: ['1', 'WETH'] });
  await main.postOrder({ maker: 2, sell: ['2', 'MKR'], buy: ['300', 'ZRX'] });
  await main.postOrder({ maker: 2, sell: ['3', 'REP'], buy: ['1', 'WETH'] });
  const { page } = await openApp();

  await chooseToken(page, 'Make Order', TOKEN_OPTIONS.ZRX);
  await page.getByRole('link', { name: '0x overview' }).click();
  await page.waitForURL(`${stack.siteUrl.main}/coins/zrx/overview`);

  const facts = page.getByRole('region', { name: 'Coin overview' });
  await expect(facts.getByRole('heading', { name: '0x (ZRX)' })).toBeVisible();
  await expect(facts.getByText('Market price ($USD)').locator('xpath=following-sibling::dd[1]')).toHaveText(
    /^\d+\.\d{3}/,
  );
  const selling = page.getByRole('region', { name: 'Orders selling ZRX' });
  const buying = page.getByRole('region', { name: 'Orders buying ZRX' });
  await expect(selling.getByRole('row').filter({ hasText: 'WETH' })).toHaveCount(1);
  await expect(buying.getByRole('row').filter({ hasText: 'MKR' })).toHaveCount(1);
  // The REP order trades no ZRX: on neither list.
  await expect(page.getByRole('row').filter({ hasText: 'REP' })).toHaveCount(0);
  await snap('coin-overview');

  // A deep link loads the same page from the server (SPA fallback), and an unknown coin says so.
  await page.goto(`${stack.siteUrl.main}/coins/nosuchcoin/overview`);
  await expect(
    page.getByText("Coin not found: there is no coin 'nosuchcoin' in the catalogue."),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Back to the order book' }).click();
  await expect(page.getByRole('table', { name: 'Orders' }).getByRole('row')).toHaveCount(4);
});
