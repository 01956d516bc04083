import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Picks a token in one of the searchable selects ('Make Order', 'Take Order') by its 'name - symbol'
 * option; an unverified token's option also carries its mark and short address (`unverified`).
 */
export async function chooseToken(
  page: Page,
  label: string,
  option: string,
  { unverified = false }: { unverified?: boolean } = {},
): Promise<void> {
  const input = page.getByRole('combobox', { name: label });
  await input.click();
  await input.fill(option.split(' - ').pop() ?? option);
  const name = unverified
    ? new RegExp(`^${escapeRegExp(option)}\\s*Unverified\\s*0x[0-9a-f]{6}…[0-9a-f]{4}$`)
    : option;
  await page.getByRole('option', { name, exact: true }).click();
  await expect(input).toHaveValue(option);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The book's table (wide screens; narrower ones show cards). */
export function ordersGrid(page: Page): Locator {
  return page.getByRole('table', { name: 'Orders' });
}

/** The data rows of the orders table (the header row has header cells only). */
export function orderRows(page: Page): Locator {
  return ordersGrid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
}

/**
 * The first line of a row's data cells in column order (prices, tokens, fees, amounts; not expiry,
 * status or actions): a price cell's provenance and judgement sit on the lines below its figure.
 */
export async function rowTexts(row: Locator): Promise<string[]> {
  return (await row.getByRole('cell').allInnerTexts())
    .slice(0, 8)
    .map((text) => (text.trim().split('\n')[0] ?? '').trim());
}

/**
 * A notification (success and info are status, errors are alerts) with this text. An open dialog marks
 * the rest of the page aria-hidden, notifications included, though they stay on screen above it.
 */
export function notification(page: Page, text: string | RegExp): Locator {
  return page
    .getByRole('status', { includeHidden: true })
    .or(page.getByRole('alert', { includeHidden: true }))
    .filter({ hasText: text });
}

export function dialog(page: Page, title: string): Locator {
  return page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: title }) });
}

/** Opens the Make Order dialog for a pair chosen in the home screen's selects. */
export async function openMakeOrder(page: Page, makerOption: string, takerOption: string): Promise<Locator> {
  await chooseToken(page, 'Make Order', makerOption);
  await chooseToken(page, 'Take Order', takerOption);
  await page.getByRole('button', { name: 'Make Order', exact: true }).click();
  const form = dialog(page, 'Make Order');
  await expect(form.getByLabel('Make Amount')).toBeVisible();
  return form;
}

export const TOKEN_OPTIONS = {
  ZRX: '0x Protocol Token - ZRX',
  WETH: 'Ether Token - WETH',
  REP: 'Augur Reputation Token - REP',
  DGD: 'Digix DAO Token - DGD',
  GNT: 'Golem Network Token - GNT',
  MKR: 'MakerDAO - MKR',
  WBTC: 'Wrapped Bitcoin - WBTC',
  USDC: 'USD Coin - USDC',
} as const;
