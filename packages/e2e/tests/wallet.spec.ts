import { parseEther } from 'viem';
import { expect, test } from '../src/fixtures.ts';
import { notification } from '../src/ui.ts';

test('wraps and unwraps ETH: the ETH and WETH balances change on chain and on screen', async ({
  main,
  openApp,
  snap,
}) => {
  const account = main.address(1);
  const { page } = await openApp({ account: 1 });
  const panel = page.getByRole('region', { name: 'Wrap ETH' });
  await expect(panel.getByText('WETH: 100')).toBeVisible();

  const eth0 = await main.ethBalance(account);
  const weth0 = await main.balanceOf('WETH', account);
  await panel.getByLabel('Amount').fill('2.5');
  await panel.getByRole('button', { name: 'Wrap' }).click();
  await expect(notification(page, 'Wrapped 2.5 ETH')).toBeVisible();
  await expect(panel.getByText('WETH: 102.5')).toBeVisible();
  await snap('wrap-eth');
  const eth1 = await main.ethBalance(account);
  expect(await main.balanceOf('WETH', account)).toBe(weth0 + parseEther('2.5'));
  // ETH goes down by the amount plus gas, and gas is far below 0.01 ETH here.
  expect(eth0 - eth1 - parseEther('2.5')).toBeGreaterThanOrEqual(0n);
  expect(eth0 - eth1 - parseEther('2.5')).toBeLessThan(parseEther('0.01'));

  await panel.getByRole('button', { name: 'WETH → ETH' }).click();
  await panel.getByLabel('Amount').fill('1');
  await panel.getByRole('button', { name: 'Unwrap' }).click();
  await expect(notification(page, 'Unwrapped 1 ETH')).toBeVisible();
  await expect(panel.getByText('WETH: 101.5')).toBeVisible();
  expect(await main.balanceOf('WETH', account)).toBe(weth0 + parseEther('1.5'));
  const eth2 = await main.ethBalance(account);
  expect(eth2 - eth1).toBeGreaterThan(parseEther('0.99'));
  expect(eth2 - eth1).toBeLessThanOrEqual(parseEther('1'));
});

test('notifications appear and leave by themselves; a click removes one that would stay', async ({
  main,
  openApp,
}) => {
  const { page } = await openApp({ account: 1 });
  const panel = page.getByRole('region', { name: 'Wrap ETH' });
  await panel.getByLabel('Amount').fill('0.1');
  await panel.getByRole('button', { name: 'Wrap' }).click();
  const success = notification(page, 'Wrapped 0.1 ETH');
  await expect(success).toBeVisible();
  // SPEC §9: 2000 ms by default, with no interaction.
  await expect(success).toBeHidden({ timeout: 5_000 });

  // An order the relayer refuses (its maker, account 6, holds no ZRX) gives an error that stays.
  const unfunded = await main.signOrder({ maker: 6, sell: ['10', 'ZRX'], buy: ['1', 'WETH'] });
  await page.getByRole('button', { name: 'Raw Order' }).click();
  await page.getByLabel('Signed Order (JSON)').fill(JSON.stringify(unfunded));
  await page.getByRole('button', { name: 'Submit' }).click();
  const failure = notification(page, 'Order failed, check log for details');
  await expect(failure).toBeVisible();
  await expect(failure).toHaveAttribute('role', 'alert');
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(failure).toBeVisible();
  await failure.click();
  await expect(failure).toHaveCount(0);
});
