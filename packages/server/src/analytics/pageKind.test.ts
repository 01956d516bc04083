import { expect, test } from 'vitest';
import { pageKind } from './pageKind.js';

const A = `0x${'a'.repeat(40)}`;
const B = `0x${'b'.repeat(40)}`;
const C = `0x${'c'.repeat(40)}`;
const listed = async (address: string) => address === A || address === B;

test("the web app's fixed pages, the order pages as one, and the catalogue coins' overview pages", async () => {
  for (const path of [
    '/',
    '/markets',
    '/my/orders',
    '/my/trades',
    '/orders/:hash',
    '/coins/zrx/overview',
    '/coins/btc/overview',
    '/coins/weth/overview',
  ])
    expect(await pageKind(path, listed), path).toBe('page');
});

test('a market of two distinct listed tokens', async () => {
  expect(await pageKind(`/markets/${A}/${B}`, listed)).toBe('market');
  expect(await pageKind(`/markets/${B}/${A}`, listed)).toBe('market');
  for (const path of [`/markets/${A}/${C}`, `/markets/${C}/${A}`, `/markets/${A}/${A}`])
    expect(await pageKind(path, listed), path).toBeUndefined();
});

test('made-up paths: coins outside the catalogue, order pages by hash, other routes', async () => {
  for (const path of [
    '/coins/junk1/overview',
    '/coins/zrxx/overview',
    '/coins/ZRX/overview',
    '/coins/zrx',
    '/my',
    '/my/orders/x',
    `/orders/0x${'a'.repeat(64)}`,
    '/orders/',
    '/x',
    `/markets/${A.toUpperCase()}/${B}`,
    '/markets/zrx/weth',
  ])
    expect(await pageKind(path, listed), path).toBeUndefined();
});
