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
  const grid = page.getByRole('grid', { name: 'Orders' });
  await expect(grid.getByRole('row')).toHaveCount(3);
  const takes = grid.getByRole('button', { name: 'Take' });
  await expect(takes).toHaveCount(2);
  for (const take of await takes.all()) await expect(take).toBeDisabled();
  await snap('home-read-only');
});
