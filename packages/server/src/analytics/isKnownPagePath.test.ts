import { expect, test } from 'vitest';
import { isKnownPagePath } from './isKnownPagePath.js';

test("counts the web app's pages, the order pages as one", () => {
  for (const path of ['/', '/coins/zrx/overview', '/my/orders', '/my/trades', '/orders/:hash'])
    expect(isKnownPagePath(path), path).toBe(true);
});

test('refuses made-up paths, and an order page by its hash (one row per order would fill the table)', () => {
  for (const path of [
    '/my',
    '/my/orders/x',
    `/orders/0x${'a'.repeat(64)}`,
    '/orders/',
    '/coins/ZRX/overview',
    '/x',
  ])
    expect(isKnownPagePath(path), path).toBe(false);
});
