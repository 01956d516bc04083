import type { Request } from '@playwright/test';
import { expect, test } from '../src/fixtures.ts';
import { orderRows } from '../src/ui.ts';

test('the first view asks the relayer once per read and loads the wallet stack only after the book', async ({
  main,
  openApp,
  page,
  stack,
}) => {
  await main.postOrder({ maker: 1, sell: ['1000', 'ZRX'], buy: ['1', 'WETH'] });
  // A new browser context: an empty cache, every request seen.
  const requests: Request[] = [];
  const refused: string[] = [];
  page.on('request', (request) => requests.push(request));
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text()) && /inline script/i.test(message.text()))
      refused.push(message.text());
  });
  await openApp();
  await expect(orderRows(page)).toHaveCount(1);
  // The wallet stack's button (this browser has no wallet): it loads after the book.
  await expect(page.getByRole('button', { name: 'No wallet' })).toBeVisible();

  const relayer = new URL(stack.relayerUrl.main).origin;
  const reads = requests.filter((r) => r.url().startsWith(relayer) && r.method() === 'GET');
  const count = (path: string) => reads.filter((r) => new URL(r.url()).pathname === path).length;
  // Started by the inline boot script and adopted by the app: never asked twice.
  expect(count('/order')).toBe(1);
  expect(count('/token')).toBe(1);
  expect(count('/rates')).toBe(1);
  expect(count('/config')).toBe(1);
  expect(refused).toEqual([]);

  const index = (test: (url: string) => boolean) => requests.findIndex((r) => test(r.url()));
  const bookRead = index((url) => url.startsWith(`${relayer}/order?`));
  const firstScript = index((url) => url.includes('/assets/') && url.endsWith('.js'));
  const walletStack = index((url) => /\/assets\/walletLayer-[^/]+\.js$/.test(url));
  // The book's data is asked for before any of the app's code, and the wallet stack after the book.
  expect(bookRead).toBeGreaterThanOrEqual(0);
  expect(bookRead).toBeLessThan(firstScript);
  expect(walletStack).toBeGreaterThan(index((url) => /\/assets\/OrdersGrid-[^/]+\.js$/.test(url)));
});
