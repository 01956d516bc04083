import { expect, test } from '../src/fixtures.ts';
import { chooseToken, dialog, notification, TOKEN_OPTIONS } from '../src/ui.ts';

test('adds a token: metadata read from the chain, then listed; an invalid address and a duplicate are refused', async ({
  main,
  openApp,
  snap,
}) => {
  const address = await main.deployToken('Basic Attention Token', 'BAT', 18);
  const { page } = await openApp({ account: 1 });

  await page.getByRole('button', { name: 'Add New Token' }).click();
  const form = dialog(page, 'Add New Token');
  await form.getByLabel('Address').fill(address);
  await expect(form.getByText('Filled in from the token contract')).toBeVisible();
  await expect(form.getByLabel('Name')).toHaveValue('Basic Attention Token');
  await expect(form.getByLabel('Symbol')).toHaveValue('BAT');
  await expect(form.getByLabel('Decimals')).toHaveValue('18');
  await snap('add-token-dialog');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(notification(page, 'Token Submitted!')).toBeVisible();
  await expect(form).toBeHidden();
  // Listed by the relayer and offered in the pickers.
  const listed = (await (await fetch(`${main.relayerUrl}/token`)).json()) as { address: string }[];
  expect(listed.map((t) => t.address)).toContain(address);
  await chooseToken(page, 'Make Order', 'Basic Attention Token - BAT', { unverified: true });

  // Not a token contract: nothing to read, and the relayer refuses it.
  await page.getByRole('button', { name: 'Add New Token' }).click();
  await form.getByLabel('Address').fill(main.address(7));
  await expect(form.getByText('No ERC20 token found at this address on this network')).toBeVisible();
  await form.getByLabel('Name').fill('Nothing');
  await form.getByLabel('Symbol').fill('NOPE');
  await form.getByLabel('Decimals').fill('18');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(notification(page, 'error adding token, check log for details')).toBeVisible();
  await expect(form).toBeVisible();
  await form.getByRole('button', { name: 'Close' }).click();

  // Already listed.
  await page.getByRole('button', { name: 'Add New Token' }).click();
  await form.getByLabel('Address').fill(main.token('ZRX').address);
  await expect(form.getByLabel('Symbol')).toHaveValue('ZRX');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(notification(page, 'This token is already listed')).toBeVisible();
  await expect(notification(page, 'error adding token, check log for details').last()).toBeVisible();
});

test('the add-token dialog validates on Save: required fields, address, decimals', async ({
  openApp,
  snap,
}) => {
  const { page } = await openApp();
  await page.getByRole('button', { name: 'Add New Token' }).click();
  const form = dialog(page, 'Add New Token');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('This field is required')).toHaveCount(4);
  await snap('add-token-validation');

  await form.getByLabel('Address').fill('0x1234');
  await form.getByLabel('Name').fill('Some Token');
  await form.getByLabel('Symbol').fill('SOME');
  await form.getByLabel('Decimals').fill('40');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Not a valid address')).toBeVisible();
  await expect(form.getByText('Enter a whole number from 0 to 36')).toBeVisible();
  await expect(form.getByText('This field is required')).toHaveCount(0);
  await expect(form).toBeVisible();
});

test('the order dialog validates on Save: amounts above 0, plain numbers, token decimals', async ({
  main,
  openApp,
  snap,
}) => {
  const { page, wallet } = await openApp({ account: 1 });
  await chooseToken(page, 'Make Order', TOKEN_OPTIONS.USDC);
  await chooseToken(page, 'Take Order', TOKEN_OPTIONS.WETH);
  await page.getByRole('button', { name: 'Make Order', exact: true }).click();
  const form = dialog(page, 'Make Order');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText("Amount can't be 0")).toHaveCount(2);
  await snap('make-order-validation');

  await form.getByLabel('Make Amount').fill('0');
  await form.getByLabel('Take Amount').fill('abc');
  await expect(form.getByText("Amount can't be 0")).toHaveCount(1);
  await expect(form.getByText('Enter a plain number such as 1.5')).toBeVisible();
  // USDC has 6 decimals: a seventh is refused rather than rounded away.
  await form.getByLabel('Make Amount').fill('1.0000001');
  await expect(form.getByText('USDC allows at most 6 decimal places')).toBeVisible();
  expect(wallet?.calls).not.toContain('personal_sign');
  expect(await main.openOrders()).toEqual([]);

  await form.getByRole('button', { name: 'Close' }).click();
  await expect(form).toBeHidden();
});
