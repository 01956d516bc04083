import { expect, test } from 'vitest';
import { createBookCache } from './createBookCache.js';

test('serves a cached answer until it is older than its lifetime, then computes it again', async () => {
  let clock = 0;
  const cache = createBookCache({ ttlMs: 1000, now: () => clock });
  let computed = 0;
  const compute = async () => ++computed;
  expect(await cache.get('main', 'page', compute)).toBe(1);
  clock = 1000;
  expect(await cache.get('main', 'page', compute)).toBe(1);
  expect(cache.peek('main', 'page')).toBe(1);
  clock = 1001;
  expect(cache.peek('main', 'page')).toBeUndefined();
  expect(await cache.get('main', 'page', compute)).toBe(2);
  // An alias stored later lives from when it was stored.
  cache.set('main', 'alias', 'x', cache.generation('main'));
  clock = 2001;
  expect(cache.peek('main', 'alias')).toBe('x');
  clock = 2002;
  expect(cache.peek('main', 'alias')).toBeUndefined();
});

test('an invalidation drops every answer of the network at once, whatever its age', async () => {
  const cache = createBookCache();
  await cache.get('main', 'a', async () => 1);
  await cache.get('kovan', 'a', async () => 1);
  cache.invalidate('main');
  expect(cache.peek('main', 'a')).toBeUndefined();
  expect(cache.peek('kovan', 'a')).toBe(1);
});

test('admits a key from its second request since the last invalidation, per network', () => {
  const cache = createBookCache({ maxEntries: 2 });
  expect(cache.admit('main', 'a')).toBe(false);
  expect(cache.admit('kovan', 'a')).toBe(false);
  expect(cache.admit('main', 'a')).toBe(true);
  expect(cache.admit('main', 'a')).toBe(true);
  cache.invalidate('main');
  expect(cache.admit('main', 'a')).toBe(false);
  expect(cache.admit('kovan', 'a')).toBe(true);
  // Full: the keys seen are forgotten and counting starts again.
  expect(cache.admit('main', 'b')).toBe(false);
  expect(cache.admit('main', 'c')).toBe(false);
  expect(cache.admit('main', 'a')).toBe(false);
});
