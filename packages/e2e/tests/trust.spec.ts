import { expect, test } from '../src/fixtures.ts';
import { chooseToken, dialog, notification, orderRows, ordersGrid, TOKEN_OPTIONS } from '../src/ui.ts';

/** How the web app shortens a token address in its trust mark: the first 8 characters and the last 4. */
const trustAddress = (address: string) => `${address.slice(0, 8)}…${address.slice(-4)}`;

// The relayer serves its static example prices here (no PRICE_SOURCE_URL): ETH $2500, ZRX $0.35, and
// for the coin catalogue BTC $65000.

test('a user-added token is marked with its address in the picker, the book and the take dialog, borrows no price, and taking it asks first', async ({
  main,
  openApp,
  stack,
  snap,
}) => {
  // "Bitcoin" / BTC: a catalogue coin's name and symbol (the relayer refuses lookalikes of listed
  // tokens, not of coins it does not list), which a price or icon looked up by symbol would give away.
  const fake = await main.addToken('Bitcoin', 'BTC', 8);
  await main.postOrder({ maker: 0, sell: ['100', 'BTC'], buy: ['0.5', 'WETH'] });
  const taker = main.address(2);
  const before = await main.balanceOf('WETH', taker);

  const { page } = await openApp({ account: 2 });

  // The picker: verified tokens first; the added one apart, under its heading, with mark and address.
  const picker = page.getByRole('combobox', { name: 'Make Order' });
  await picker.click();
  await expect(page.getByText('Unverified tokens (added by users)')).toBeVisible();
  const option = page.getByRole('option').filter({ hasText: 'Bitcoin - BTC' });
  await expect(option).toContainText('Unverified');
  await expect(option).toContainText(trustAddress(fake));
  const options = await page.getByRole('option').allInnerTexts();
  expect(options.at(-1)).toContain('Bitcoin - BTC');
  // Searching "Bitcoin" lists the listed Wrapped Bitcoin and the added token apart, each in its group.
  await picker.fill('Bitcoin');
  await expect(page.getByRole('option')).toHaveCount(2);
  await expect(page.getByRole('option').first()).toHaveText('Wrapped Bitcoin - WBTC');
  await snap('trust-picker');
  // Chosen, its panel shows the mark and the full address, no price, and a placeholder, not bitcoin's icon.
  await page.getByRole('option').filter({ hasText: 'Bitcoin - BTC' }).click();
  const panel = page.getByRole('region', { name: 'Maker token token' });
  await expect(panel.getByText('Unverified')).toBeVisible();
  await expect(panel.getByLabel('Full token address')).toHaveText(fake);
  await expect(panel.locator('[data-badge]')).toHaveAttribute('data-badge', 'placeholder');
  await expect(panel.getByText('N/A')).toBeVisible();

  // The book lists verified tokens only until the trader shows the others.
  const row = orderRows(page).filter({ hasText: 'Unverified' });
  await expect(row).toHaveCount(0);
  await page.getByRole('switch', { name: 'Show unverified tokens' }).check();
  await expect(page).toHaveURL(/[?&]unverified=shown/);
  // There the row carries the mark and the short address, and no market price.
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(trustAddress(fake));
  await expect(row.getByRole('cell').first()).toHaveText('N/A');
  await expect(row).not.toContainText('65000.000');
  await snap('trust-book-row');

  // The take dialog: the full address (with a copy button), still no borrowed price.
  await row.getByRole('button', { name: 'Take' }).click();
  const form = dialog(page, 'Take Order');
  await expect(form.getByText('BTC is unverified', { exact: false })).toBeVisible();
  await expect(form.getByLabel('Full you receive token address')).toHaveText(fake);
  await expect(form.getByRole('button', { name: 'Copy the you receive token address' })).toBeVisible();
  await expect(form.getByLabel('BTC Market Price ($USD)')).toHaveValue('N/A');
  await snap('trust-take-dialog');

  // Taking it asks once, showing the address; only then does the wallet send the fill.
  await form.getByRole('button', { name: 'Take' }).click();
  const confirm = dialog(page, 'Unverified token');
  await expect(confirm.getByLabel('Full token address')).toHaveText(fake);
  await snap('trust-take-confirmation');
  expect(await main.balanceOf('WETH', taker)).toBe(before);
  await confirm.getByRole('button', { name: 'I understand, take anyway' }).click();
  await expect(notification(page, 'Order filled, database will update shortly')).toBeVisible();
  expect(await main.balanceOf('WETH', taker)).toBe(before - 5n * 10n ** 17n);

  // Bitcoin's coin page does not take the added token for bitcoin.
  await page.goto(`${stack.siteUrl.main}/coins/btc/overview`);
  await expect(page.getByText('BTC is not traded on this relayer.')).toBeVisible();
});

test('static prices are visibly marked as examples, in the book, the token panels and the coin overview', async ({
  main,
  openApp,
  stack,
}) => {
  await main.postOrder({ maker: 1, sell: ['1000', 'ZRX'], buy: ['1', 'WETH'] });
  const { page } = await openApp();
  const row = orderRows(page).first();
  await expect(row.getByText('example price')).toHaveCount(2);
  // Judged from the taker's side, in words, and not coloured on example prices.
  await expect(row.getByText('614.3% above market', { exact: true })).toBeVisible();
  await expect(row.locator('[data-judgement]')).toHaveAttribute('data-judgement', 'neutral');

  await chooseToken(page, 'Make Order', TOKEN_OPTIONS.ZRX);
  const panel = page.getByRole('region', { name: 'Maker token token' });
  await expect(panel.getByText('example price')).toBeVisible();

  await page.goto(`${stack.siteUrl.main}/coins/eth/overview`);
  const facts = page.getByRole('region', { name: 'Coin overview' });
  await expect(facts.getByText('example price')).toBeVisible();
});

test('expiry follows the chain’s clock after the local chain’s time jumps ahead', async ({
  main,
  openApp,
  snap,
}) => {
  // Expires in 30 minutes by the wall clock.
  await main.postOrder({ maker: 1, sell: ['10', 'MKR'], buy: ['1', 'WETH'], expiresInSec: 1800 });
  const { page } = await openApp({ account: 2 });
  const grid = ordersGrid(page);
  const rows = orderRows(page);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(/in (29|30) min/);

  // The chain's clock moves 10 minutes ahead and one block is mined: by it, 20 minutes are left.
  const target = await main.moveClockAhead(600);
  expect(await main.blockTime()).toBe(target);
  await expect(rows.first()).toContainText(/in (19|20) min/, { timeout: 30_000 });
  await rows.first().getByRole('button', { name: 'Take' }).click();
  const form = dialog(page, 'Take Order');
  await expect(form.getByText(/Expires in (19|20) min by the chain’s clock/)).toBeVisible();
  await snap('expiry-by-chain-clock');
  await form.getByRole('button', { name: 'Close' }).click();

  // Two days further: the order is past its expiry by the chain, and leaves the book.
  await main.moveClockAhead(2 * 86_400);
  await expect(rows).toHaveCount(0, { timeout: 30_000 });
  await expect(grid).toBeVisible();

  // The make dialog's default expiry (tomorrow) is already past by that clock: it says so.
  await chooseToken(page, 'Make Order', TOKEN_OPTIONS.ZRX);
  await chooseToken(page, 'Take Order', TOKEN_OPTIONS.WETH);
  await page.getByRole('button', { name: 'Make Order', exact: true }).click();
  const make = dialog(page, 'Make Order');
  await expect(make.getByText(/This time is already past by the chain’s clock/)).toBeVisible({
    timeout: 30_000,
  });
});
