import { expect, test } from '../src/fixtures.ts';

test('browses the book read-only without a wallet: orders visible, actions disabled with a reason', async ({
  main,
  openApp,
  snap,
}) => {
  await main.postOrder({ maker: 1, sell: ['1000', 'ZRX'], buy: ['1', 'WETH'] });
  await main.postOrder({ maker: 2, sell: ['2', 'MKR'], buy: ['3', 'WETH'] });
  const { page } = await openApp();

  await expect(page.getByText('Read-only: No wallet found')).toBeVisible();
  await expect(page.getByRole('button', { name: 'No wallet' })).toBeDisabled();
  const grid = page.getByRole('table', { name: 'Orders' });
  await expect(grid.getByRole('row')).toHaveCount(3);
  const takes = grid.getByRole('button', { name: 'Take', exact: true });
  await expect(takes).toHaveCount(2);
  for (const take of await takes.all()) await expect(take).toBeDisabled();
  await snap('home-read-only');
});

test('the navigation drawer links to the project and switches to the test network’s site', async ({
  openApp,
  stack,
  snap,
}) => {
  const { page } = await openApp();
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  for (const title of ['About', 'Frontend source', 'Backend source']) {
    await expect(nav.getByRole('link', { name: title })).toHaveAttribute('target', '_blank');
  }
  await snap('navigation-drawer');
  await nav.getByRole('link', { name: 'Kovan' }).click();
  await page.waitForURL(`${stack.siteUrl.kovan}/`);
  await expect(page.getByRole('button', { name: 'Kovan', exact: true })).toBeVisible();
});
