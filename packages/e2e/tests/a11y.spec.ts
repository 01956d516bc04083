import type { Page } from '@playwright/test';
import { hashOrder } from '@relayer/protocol';
import { axeViolations } from '../src/axeScan.ts';
import { expect, test } from '../src/fixtures.ts';
import { chooseToken, dialog, notification, TOKEN_OPTIONS } from '../src/ui.ts';

// axe-core on every page, dialog and state at a desktop and a phone size (issue 27): any serious or
// critical violation fails, and so do the moderate ones a user hits (src/axeScan.ts lists them).

const SIZES = [
  { name: 'desktop', use: { viewport: { width: 1366, height: 900 } } },
  {
    name: 'phone',
    use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  },
] as const;

/** Opens the navigation drawer and follows one of its links. */
async function viaDrawer(page: Page, link: string): Promise<void> {
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: link }).click();
}

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use(size.use);

    test(`every page, dialog and state has no blocking axe violation (${size.name})`, async ({
      main,
      openApp,
      stack,
    }) => {
      test.setTimeout(240_000);
      // A partly filled order of account 2 (so trades exist), and one of account 1's own to cancel.
      const theirs = await main.postOrder({ maker: 2, sell: ['300', 'REP'], buy: ['3', 'WETH'] });
      await main.fill(theirs, 10n ** 18n, 3);
      await main.postOrder({ maker: 1, sell: ['100', 'REP'], buy: ['2', 'WETH'] });
      const found: string[] = [];
      const scan = async (state: string) => {
        // A tooltip left open by the pointer's last click is no state of the page.
        await page.mouse.move(0, size.use.viewport.height - 1);
        const lines = await axeViolations(page, state);
        for (const line of lines) console.log(line);
        found.push(...lines);
      };

      const { page } = await openApp({ account: 1, connect: false });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await expect(page.getByRole('button', { name: 'Take' }).first()).toBeVisible();
      await scan('home, read-only');
      await page.getByRole('button', { name: 'Connect wallet' }).click();
      await expect(page.getByRole('button', { name: 'Take' }).first()).toBeEnabled();
      await scan('home');
      await page.getByRole('button', { name: /^0x/ }).click();
      await expect(page.getByRole('menuitem', { name: /^Disconnect 0x/ })).toBeVisible();
      await scan('account menu');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toBeHidden();

      await chooseToken(page, 'Make Order', TOKEN_OPTIONS.REP);
      await scan('home, maker token chosen (Make Order disabled)');
      await chooseToken(page, 'Take Order', TOKEN_OPTIONS.WETH);
      await scan('home, both tokens chosen');

      const dialogs: [button: string, title: string][] = [
        ['Make Order', 'Make Order'],
        ['Buy / Sell', 'Market order'],
        ['Take', 'Take Order'],
        ['Cancel', 'Cancel Order'],
        ['Add New Token', 'Add New Token'],
        ['Raw Order', 'Submit Signed Order'],
      ];
      for (const [button, title] of dialogs) {
        await page.getByRole('button', { name: button, exact: true }).first().click();
        await expect(dialog(page, title)).toBeVisible();
        await scan(`${title} dialog`);
        await page.keyboard.press('Escape');
        await expect(dialog(page, title)).toBeHidden();
      }

      // The make form by limit price, with the signed price the decimals leave (REP for USDC).
      await chooseToken(page, 'Take Order', TOKEN_OPTIONS.USDC);
      await page.getByRole('button', { name: 'Make Order', exact: true }).click();
      const make = dialog(page, 'Make Order');
      await make.getByRole('button', { name: 'Limit price' }).click();
      await make.getByLabel('Price (USDC per REP)').fill('1.23456789');
      await make.getByLabel('Make Amount').fill('10');
      await expect(make.locator('[data-signed-price]')).toBeVisible();
      await scan('Make Order dialog, by limit price');
      await page.keyboard.press('Escape');
      await expect(make).toBeHidden();

      const wrap = page.getByRole('region', { name: 'Wrap ETH' });
      await wrap.getByLabel('Amount').fill('0.1');
      await wrap.getByRole('button', { name: 'Wrap' }).click();
      await expect(notification(page, 'Wrapped 0.1 ETH')).toBeVisible();
      await scan('notification');
      await wrap.getByRole('button', { name: 'WETH → ETH' }).click();
      await wrap.getByLabel('Amount').fill('100000');
      await wrap.getByLabel('Amount').blur();
      await scan('unwrap, amount too large');

      await page.getByRole('button', { name: 'Open navigation' }).click();
      await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
      await scan('navigation drawer');
      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Markets' })
        .click();
      await expect(page.getByRole('table', { name: /^Asks/ })).toBeVisible();
      // The market's fill shows as a candle, its chart beside the table of its figures.
      await expect(page.getByRole('img', { name: /^Candle chart/ })).toBeVisible();
      await scan('market');
      await page.getByRole('button', { name: 'Buy REP' }).click();
      const market = dialog(page, 'Market order');
      await market.getByLabel('Amount to buy').fill('0.5.');
      await expect(market.getByText('Enter a plain number such as 1.5')).toBeVisible();
      await scan('market order, amount error');
      await market.getByLabel('Amount to buy').fill('100');
      await market.getByRole('button', { name: 'Review' }).click();
      await expect(market.getByRole('table', { name: 'Orders used' })).toBeVisible();
      await scan('market order review');
      await market.getByRole('button', { name: 'Back' }).click();
      await market.getByLabel('Amount to buy').fill('100000');
      await market.getByRole('button', { name: 'Review' }).click();
      await expect(market.getByText(/can be bought now/)).toBeVisible();
      await scan('market order review, incomplete');
      await page.keyboard.press('Escape');
      await expect(market).toBeHidden();
      await page.getByRole('button', { name: '1 hour candles' }).click();
      await expect(page.getByRole('img', { name: /1 hour candles/ })).toBeVisible();
      await scan('market, hourly candles');

      await viaDrawer(page, 'My orders');
      await expect(page.getByRole('list', { name: 'My orders' }).getByRole('listitem')).toHaveCount(1);
      await scan('my orders');
      await page.getByRole('list', { name: 'My orders' }).getByRole('checkbox').check();
      await scan('my orders, one selected');
      await page.getByRole('button', { name: 'Cancel selected (1)' }).click();
      await expect(dialog(page, 'Cancel 1 order')).toBeVisible();
      await scan('Cancel 1 order dialog');
      await page.keyboard.press('Escape');
      await expect(dialog(page, 'Cancel 1 order')).toBeHidden();
      await viaDrawer(page, 'My trades');
      await expect(page.getByRole('heading', { name: 'My trades' })).toBeVisible();
      await scan('my trades');

      await page.goto(`${stack.siteUrl.main}/orders/${hashOrder(theirs)}`);
      await expect(page.getByRole('region', { name: 'Fills' }).getByRole('listitem')).toHaveCount(1);
      await scan('order page');
      await page.goto(`${stack.siteUrl.main}/orders/0x${'ab'.repeat(32)}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible();
      await scan('unknown order');
      await page.goto(`${stack.siteUrl.main}/coins/rep/overview`);
      await expect(page.getByRole('region', { name: 'Coin overview' })).toBeVisible();
      await scan('coin overview');
      await page.goto(`${stack.siteUrl.main}/coins/nosuchcoin/overview`);
      await expect(page.getByRole('heading', { level: 1, name: 'Coin not found' })).toBeVisible();
      await scan('unknown coin');
      await page.goto(`${stack.siteUrl.main}/no/such/page`);
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
      await scan('404');

      if (found.length > 0) console.log(found.join('\n'));
      expect(found, `${found.length} blocking axe violations`).toEqual([]);
    });
  });
}

test('a new order is announced inside an open dialog, where a screen reader still listens', async ({
  main,
  openApp,
}) => {
  const { page } = await openApp({ account: 1 });
  await expect(page.getByRole('button', { name: 'Take' }).first()).toBeEnabled();
  await page.getByRole('button', { name: 'Add New Token' }).click();
  const form = dialog(page, 'Add New Token');
  await expect(form).toBeVisible();
  // The dialog hides the rest of the page from screen readers (aria-hidden), its live region included.
  await expect(page.locator('[aria-hidden="true"] [data-live-announcer="page"]')).toHaveCount(1);
  await main.postOrder({ maker: 2, sell: ['5', 'REP'], buy: ['0.5', 'WETH'] });
  await expect(form.getByRole('status')).toHaveText('1 new order', { timeout: 15_000 });
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
  // Said once: the page's region does not repeat it when the dialog closes.
  await expect(page.locator('[data-live-announcer="page"]')).toHaveText('');
});

/** Nothing is wider than the window: no sideways scrolling of the page, nor of an open dialog. */
async function expectReflow(page: Page, state: string): Promise<void> {
  const overflow = await page.evaluate(() => {
    const scroller = document.scrollingElement ?? document.documentElement;
    const paper = document.querySelector<HTMLElement>('[role="dialog"]');
    return {
      page: scroller.scrollWidth - scroller.clientWidth,
      dialog: paper ? paper.scrollWidth - paper.clientWidth : 0,
    };
  });
  expect(overflow, `${state} scrolls sideways`).toEqual({ page: 0, dialog: 0 });
}

// WCAG 1.4.10: at 320 CSS px, and a 1366 px screen zoomed to 200 % (683 px), everything reflows.
for (const viewport of [
  { width: 320, height: 640 },
  { width: 683, height: 450 },
]) {
  test(`pages and dialogs reflow at ${viewport.width} px with no sideways scrolling`, async ({
    main,
    openApp,
    page,
    stack,
  }) => {
    test.setTimeout(90_000);
    const order = await main.postOrder({ maker: 2, sell: ['300', 'REP'], buy: ['3', 'WETH'] });
    await page.setViewportSize(viewport);
    const { page: opened } = await openApp({ account: 1 });
    await expect(opened.getByRole('button', { name: 'Take' }).first()).toBeEnabled();
    await expectReflow(opened, 'home');
    for (const [button, title] of [
      ['Take', 'Take Order'],
      ['Add New Token', 'Add New Token'],
    ] as const) {
      await opened.getByRole('button', { name: button, exact: true }).first().click();
      await expect(dialog(opened, title)).toBeVisible();
      await expectReflow(opened, `${title} dialog`);
      await opened.keyboard.press('Escape');
      await expect(dialog(opened, title)).toBeHidden();
    }
    for (const [path, ready] of [
      [`/orders/${hashOrder(order)}`, 'Share'],
      ['/coins/rep/overview', 'Coin overview'],
    ] as const) {
      await opened.goto(`${stack.siteUrl.main}${path}`);
      await expect(opened.getByRole('region', { name: ready })).toBeVisible();
      await expectReflow(opened, path);
    }
    await viaDrawer(opened, 'Markets');
    await expect(opened.getByRole('table', { name: /^Asks/ })).toBeVisible();
    await expectReflow(opened, 'market');
    await viaDrawer(opened, 'My orders');
    await expect(opened.getByRole('heading', { name: 'My orders' })).toBeVisible();
    await expectReflow(opened, 'my orders');
  });
}
