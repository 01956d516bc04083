import type { Page } from '@playwright/test';
import { expect, test } from '../src/fixtures.ts';
import { dialog, notification } from '../src/ui.ts';

// A keyboard-only walk (issue 27): Tab, Shift+Tab, Enter, Space, arrows and typing; no mouse, no clicks.

test.use({ viewport: { width: 1366, height: 900 } });

/** The focused element's tag and name (its label for a field, its text or aria-label otherwise). */
function focused(page: Page): Promise<{ tag: string; name: string; inDialog: boolean }> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element) return { tag: '', name: '', inDialog: false };
    const field = element as HTMLInputElement;
    const label = field.labels?.[0]?.textContent ?? element.getAttribute('aria-label');
    return {
      tag: element.tagName.toLowerCase(),
      name: (label ?? element.textContent ?? '')
        .replace(/\s+/g, ' ')
        .replace(/\s*\*$/, '')
        .trim(),
      inDialog: Boolean(element.closest('[role="dialog"]')),
    };
  });
}

/** Presses Tab (or Shift+Tab) until the focused element is named `name`; returns how many presses. */
async function tabTo(page: Page, name: string | RegExp, { back = false, max = 40 } = {}): Promise<number> {
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const { name: now } = await focused(page);
    if (typeof name === 'string' ? now === name : name.test(now)) return presses;
  }
  throw new Error(`no focusable element named ${name} within ${max} presses`);
}

/** After a route change: a new title, and focus on the new page's one h1. */
async function expectArrived(page: Page, title: RegExp, previousTitle: string): Promise<string> {
  await expect(page).toHaveTitle(title);
  expect(await page.title()).not.toBe(previousTitle);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  return page.title();
}

test('takes and makes an order with the keyboard only; every route change retitles and focuses its h1', async ({
  main,
  openApp,
}) => {
  test.setTimeout(120_000);
  await main.postOrder({ maker: 2, sell: ['300', 'REP'], buy: ['3', 'WETH'] });
  const { page } = await openApp({ account: 1, connect: false });
  await expect(page.getByRole('button', { name: 'Take' }).first()).toBeVisible();
  expect(await page.title()).toBe('Order book - a Free and Open 0x Relayer');

  // From the top of the page: the skip link first, then the toolbar, where the wallet connects.
  await page.keyboard.press('Tab');
  expect((await focused(page)).name).toBe('Skip to the order book');
  await tabTo(page, 'Connect wallet');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Take' }).first()).toBeEnabled();

  // Back to the skip link, the first stop: from the top to the first Take the toolbar, the pickers and
  // buttons, the unverified switch and the grid's header stand in the way, one Tab each; the skip link
  // adds one and saves them all.
  await tabTo(page, 'Skip to the order book', { back: true });
  expect(1 + (await tabTo(page, 'Take'))).toBeLessThanOrEqual(11);
  // The skip link goes straight to the book.
  await tabTo(page, 'Skip to the order book', { back: true });
  await page.keyboard.press('Enter');
  expect(await tabTo(page, 'Take')).toBeLessThanOrEqual(4);

  // Take opens its dialog; focus stays inside it; Escape closes it and gives focus back to Take.
  await page.keyboard.press('Enter');
  const take = dialog(page, 'Take Order');
  await expect(take.getByLabel('Fill Amount')).toHaveValue('3');
  for (let i = 0; i < 15; i++) {
    await page.keyboard.press('Tab');
    expect((await focused(page)).inDialog).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(take).toBeHidden();
  expect((await focused(page)).name).toBe('Take');

  // Again, and take it in full.
  await page.keyboard.press('Enter');
  await expect(take.getByLabel('Fill Amount')).toHaveValue('3');
  await tabTo(page, 'Take');
  expect((await focused(page)).inDialog).toBe(true);
  await page.keyboard.press('Enter');
  await expect(notification(page, 'Order filled, database will update shortly')).toBeVisible();
  await expect(take).toBeHidden();
  await expect(page.getByText('No open orders yet')).toBeVisible();

  // Make: the token pickers take typing and the arrow keys.
  await tabTo(page, 'Make Order', { back: true });
  await page.keyboard.type('REP');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Make Order' })).toHaveValue(
    'Augur Reputation Token - REP',
  );
  await tabTo(page, 'Take Order');
  await page.keyboard.type('WETH');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Take Order' })).toHaveValue('Ether Token - WETH');
  await tabTo(page, 'Make Order');
  expect((await focused(page)).tag).toBe('button');
  await page.keyboard.press('Enter');
  const make = dialog(page, 'Make Order');
  await expect(make.getByLabel('Make Amount')).toBeVisible();
  await tabTo(page, 'Make Amount');
  await page.keyboard.type('10');
  await tabTo(page, 'Take Amount');
  await page.keyboard.type('0.5');
  await tabTo(page, 'Save');
  await page.keyboard.press('Enter');
  await expect(notification(page, 'Order Added')).toBeVisible();
  await expect(make).toBeHidden();
  await expect.poll(async () => (await main.openOrders()).length).toBe(1);

  // Route changes: the drawer's links, each announced by a new title and focus on the new h1.
  let title = await page.title();
  for (const [link, expected] of [
    ['Markets', /^REP\/WETH market - /],
    ['My orders', /^My orders - /],
    ['My trades', /^My trades - /],
  ] as const) {
    // Focus is on the page's h1 (or in the make form's wake): the toolbar is behind it.
    await tabTo(page, 'Open navigation', { back: true });
    await page.keyboard.press('Enter');
    await tabTo(page, link);
    await page.keyboard.press('Enter');
    title = await expectArrived(page, expected, title);
  }
  // Escape closes the drawer and gives focus back to its button.
  await tabTo(page, 'Open navigation', { back: true });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
  expect((await focused(page)).name).toBe('Open navigation');
});
