import type { BrowserContext, Page } from '@playwright/test';
import { hashOrder, type SignedOrder } from '@relayer/protocol';
import { axeViolations } from '../src/axeScan.ts';
import type { ChainHelper } from '../src/ChainHelper.ts';
import { expect, shortAddress, test } from '../src/fixtures.ts';
import type { StackInfo } from '../src/stack/StackInfo.ts';
import { notification, openMakeOrder, TOKEN_OPTIONS } from '../src/ui.ts';
import { TestWallet } from '../src/wallet/TestWallet.ts';

// Issue 28 item 5: a maker who closed the tab is told on return what was filled and cancelled
// meanwhile; one who turned fill alerts on gets a browser notification of a fill while the tab is hidden.

/** The app's mark of what the maker has seen is stored (the app writes it once the account is known). */
async function expectMarkStored(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => Object.keys(localStorage).some((key) => key.startsWith('relayer.away.'))))
    .toBe(true);
}

/** The maker opens the app again in a new tab of the same browser (its storage kept) and connects. */
async function reopen(context: BrowserContext, stack: StackInfo, main: ChainHelper, account: number) {
  const page = await context.newPage();
  const wallet = await TestWallet.install(page, {
    address: main.address(account),
    chainId: main.info.chainId,
    rpcUrls: { [stack.chains.main.chainId]: stack.chains.main.rpcUrl },
  });
  // The app's two reads of what happened to the maker's orders (its fills, its cancelled orders).
  const synced = Promise.all([
    page.waitForResponse((r) => /\/trades\?maker=/.test(r.url())),
    page.waitForResponse((r) => /\/order\?.*state=cancelled/.test(r.url())),
  ]);
  await page.goto(stack.siteUrl.main);
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  await expect(page.getByRole('button', { name: shortAddress(wallet.address) })).toBeVisible();
  return { page, synced };
}

/** Makes the page look hidden (another tab in front) or visible again, as the browser tells it. */
async function setVisibility(page: Page, state: 'hidden' | 'visible'): Promise<void> {
  await page.evaluate((value) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => value === 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
}

async function fillInFull(main: ChainHelper, order: SignedOrder, taker: number): Promise<void> {
  await main.fill(order, BigInt(order.takerTokenAmount), taker);
  await expect.poll(async () => (await main.tradesOf(order)).length).toBe(1);
}

test('a fill and a cancel made while the maker’s tab was closed are summed up when the maker comes back', async ({
  main,
  openApp,
  stack,
}) => {
  test.setTimeout(120_000);
  const { page } = await openApp({ account: 1 });
  const form = await openMakeOrder(page, TOKEN_OPTIONS.ZRX, TOKEN_OPTIONS.WETH);
  await form.getByLabel('Make Amount').fill('1000');
  await form.getByLabel('Take Amount').fill('1');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(notification(page, 'Order Added')).toBeVisible();
  // A second order of the same maker, from its bot: the one it will cancel.
  const other = await main.postOrder({ maker: 1, sell: ['100', 'REP'], buy: ['2', 'WETH'] });
  const [made] = (await main.openOrders()).filter((o) => o.makerTokenAddress === main.token('ZRX').address);
  if (!made) throw new Error('the order made in the browser is not in the book');
  await expectMarkStored(page);
  // The first visit tells nothing: there was no earlier visit to compare with.
  await expect(notification(page, /while you were away/)).toHaveCount(0);
  const context = page.context();
  await page.close();

  // While the tab is closed: a taker fills the order, the maker's bot cancels the other.
  await fillInFull(main, made, 2);
  await main.cancel(other, BigInt(other.takerTokenAmount), 1);
  await expect.poll(async () => (await main.orderRecord(other))?.state).toBe('cancelled');
  expect((await main.orderRecord(made))?.state).toBe('filled');

  const { page: back } = await reopen(context, stack, main, 1);
  const summary = notification(back, '1 order filled and 1 cancelled while you were away');
  await expect(summary).toBeVisible();
  await expect(summary).toHaveAttribute('role', 'status');
  // The snap fixture shoots the first tab, closed by now.
  await back.screenshot({ path: 'screenshots/away-summary.png', fullPage: true, animations: 'disabled' });
  const violations = await axeViolations(back, 'away summary');
  expect(violations).toEqual([]);

  await summary.getByRole('link', { name: 'My trades' }).click();
  await expect(back.getByRole('heading', { name: 'My trades' })).toBeVisible();
  await expect(summary).toHaveCount(0);
  const mine = back.getByRole('list', { name: 'My trades' }).getByRole('listitem');
  await expect(mine).toHaveCount(1);
  await expect(mine.first()).toContainText('You sold 1000 ZRX for 1 WETH');

  // Told once: the next visit, with nothing new, says nothing.
  await back.close();
  const again = await reopen(context, stack, main, 1);
  await again.synced;
  // Past the reads, a notice would be on screen within a render.
  await again.page.waitForTimeout(500);
  await expect(notification(again.page, /while you were away/)).toHaveCount(0);
});

test('with fill alerts turned on, a fill while the tab is hidden makes a browser notification', async ({
  main,
  openApp,
  page,
  stack,
}) => {
  // The real Notification, watched: each one made is recorded with whether the page was hidden, and
  // each permission request is counted (the app must ask only when the trader turns alerts on).
  await page.addInitScript(() => {
    const Real = window.Notification;
    const seen = { made: [] as { title: string; body?: string; visibility: string }[], asked: 0 };
    (window as unknown as { __notifications: typeof seen }).__notifications = seen;
    const Watched = function (this: unknown, title: string, options?: NotificationOptions) {
      seen.made.push({ title, body: options?.body, visibility: document.visibilityState });
      return new Real(title, options);
    } as unknown as typeof Notification;
    Object.defineProperty(Watched, 'permission', { get: () => Real.permission });
    Watched.requestPermission = (...args) => {
      seen.asked += 1;
      return Real.requestPermission(...args);
    };
    window.Notification = Watched;
  });
  const watched = () =>
    page.evaluate(
      () => (window as unknown as { __notifications: { made: unknown[]; asked: number } }).__notifications,
    );
  const order = await main.postOrder({ maker: 1, sell: ['250', 'REP'], buy: ['1.5', 'WETH'] });
  await page.context().grantPermissions(['notifications'], { origin: new URL(stack.siteUrl.main).origin });
  await openApp({ account: 1 });
  await expectMarkStored(page);
  expect(await watched()).toEqual({ made: [], asked: 0 });

  await page.getByRole('button', { name: 'Open navigation' }).click();
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'My orders' })
    .click();
  const alerts = page.getByRole('switch', { name: 'Notify me of fills while this tab is in the background' });
  await expect(alerts).not.toBeChecked();
  await alerts.click();
  await expect(alerts).toBeChecked();
  await expect(page.locator(`[data-order="${hashOrder(order)}"]`)).toBeVisible();

  await setVisibility(page, 'hidden');
  await fillInFull(main, order, 2);
  await expect
    .poll(async () => (await watched()).made)
    .toEqual([
      { title: 'Your order was filled', body: 'You sold 250 REP for 1.5 WETH.', visibility: 'hidden' },
    ]);

  // Back on the tab: the summary tells the same fill.
  await setVisibility(page, 'visible');
  await expect(notification(page, '1 order filled while you were away')).toBeVisible();
});
