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
  // Requests sent and answered, in the order the browser reports them.
  const log: string[] = [];
  const refused: string[] = [];
  page.on('request', (request) => {
    requests.push(request);
    log.push(`sent ${request.url()}`);
  });
  page.on('requestfinished', (request) => log.push(`done ${request.url()}`));
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

  const at = (event: 'sent' | 'done', pattern: RegExp) =>
    log.findIndex((entry) => entry.startsWith(`${event} `) && pattern.test(entry.slice(5)));
  const bookRead = /\/order\?/;
  const appCode = /\/assets\/[^/]+\.js$/;
  const bookCode = /\/assets\/book-[^/]+\.js$/; // the first view's lazy code (vite.config.ts)
  const walletStack = /\/assets\/walletLayer-[^/]+\.js$/;
  // The book's data is asked for before any of the app's code...
  expect(at('sent', bookRead)).toBeGreaterThanOrEqual(0);
  expect(at('sent', bookRead)).toBeLessThan(at('sent', appCode));
  // ...and the wallet stack only once the book's data and code are in (it waits for the book's rows).
  expect(at('sent', walletStack)).toBeGreaterThan(at('done', bookRead));
  expect(at('sent', walletStack)).toBeGreaterThan(at('done', bookCode));
  expect(at('done', bookCode)).toBeGreaterThan(0);
});
