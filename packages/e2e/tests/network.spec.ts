import { expect, shortAddress, test } from '../src/fixtures.ts';
import { openMakeOrder, orderRows, TOKEN_OPTIONS } from '../src/ui.ts';

test('the test variant on kovan.localhost trades on chain 42 through the relayer’s /kovan prefix', async ({
  main,
  kovan,
  openApp,
  snap,
}) => {
  await main.postOrder({ maker: 2, sell: ['5', 'MKR'], buy: ['7', 'WETH'] });
  const { page, wallet } = await openApp({ variant: 'kovan', account: 1 });
  await expect(page.getByRole('button', { name: 'Kovan', exact: true })).toBeVisible();
  // The main network's order is not in the test network's book.
  await expect(page.getByText('No open orders yet')).toBeVisible();

  const form = await openMakeOrder(page, TOKEN_OPTIONS.WETH, TOKEN_OPTIONS.ZRX);
  await form.getByLabel('Make Amount').fill('0.5');
  await form.getByLabel('Take Amount').fill('2000');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(orderRows(page)).toHaveCount(1);
  await snap('kovan-home');
  expect(wallet?.chainId).toBe(42);

  const [stored] = await kovan.openOrders();
  expect(stored).toMatchObject({ maker: kovan.address(1), makerTokenAmount: (5n * 10n ** 17n).toString() });
  expect((await main.openOrders()).map((o) => o.makerTokenAddress)).toEqual([main.token('MKR').address]);
});

test('the main variant on localhost shows its network and lists only its own book', async ({
  main,
  kovan,
  openApp,
}) => {
  await kovan.postOrder({ maker: 2, sell: ['5', 'MKR'], buy: ['7', 'WETH'] });
  await main.postOrder({ maker: 1, sell: ['100', 'ZRX'], buy: ['0.1', 'WETH'] });
  const { page } = await openApp({ account: 1 });
  await expect(page.getByRole('button', { name: 'Local', exact: true })).toBeVisible();
  await expect(orderRows(page)).toHaveCount(1);
  await expect(orderRows(page).first().getByRole('cell').nth(2)).toHaveText('ZRX');
});

test('a wallet on chain 42 visiting the main site is sent to the test site', async ({ openApp, stack }) => {
  const { page } = await openApp({ account: 1, walletChainId: 42, connect: false });
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  await page.waitForURL(`${stack.siteUrl.kovan}/`);
  await expect(page.getByRole('button', { name: 'Kovan', exact: true })).toBeVisible();
});

test('a wallet on chain 1 visiting the test site is sent to the main site', async ({ openApp, stack }) => {
  const { page } = await openApp({ variant: 'kovan', account: 1, walletChainId: 1, connect: false });
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  await page.waitForURL(`${stack.siteUrl.main}/`);
  await expect(page.getByRole('button', { name: 'Local', exact: true })).toBeVisible();
});

test('the app follows the wallet: another account, then another network', async ({
  main,
  openApp,
  stack,
  snap,
}) => {
  const { page, wallet } = await openApp({ account: 1 });
  if (!wallet) throw new Error('no wallet');
  await wallet.switchAccount(main.address(2));
  await expect(page.getByRole('button', { name: shortAddress(main.address(2)) })).toBeVisible();

  // A chain that is neither variant's: trading disabled with a way back.
  await wallet.switchChain(1337);
  await expect(page.getByText('Your wallet is connected to an unknown network (chain 1337)')).toBeVisible();
  await snap('wrong-network');
  await page.getByRole('button', { name: 'Switch to Local' }).click();
  await expect(page.getByText('Your wallet is connected to an unknown network (chain 1337)')).toBeHidden();
  expect(wallet.chainId).toBe(50);

  await wallet.switchChain(42);
  await page.waitForURL(`${stack.siteUrl.kovan}/`);
});
