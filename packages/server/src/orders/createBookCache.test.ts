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
  const cache = createBookCache({ maxSeenKeys: 2 });
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

test('the keys admit remembers are bounded by their characters too', () => {
  const cache = createBookCache({ maxSeenBytes: 10_000 });
  for (let i = 0; i < 1000; i++) cache.admit('main', `${'k'.repeat(1000)}${i}`);
  const { seenKeys, seenBytes } = cache.stats();
  expect(seenBytes).toBeLessThanOrEqual(10_000);
  expect(seenKeys).toBeLessThanOrEqual(10);
  // Under the default bounds, 50,000 distinct keys of 2,000 characters hold at most 1 MiB.
  const defaults = createBookCache();
  for (let i = 0; i < 50_000; i++) defaults.admit('main', `${i}${'k'.repeat(2000)}`);
  expect(defaults.stats().seenBytes).toBeLessThanOrEqual(1024 * 1024);
});

test('keeps answers within its byte budget over every network, least recently used going first', () => {
  const cache = createBookCache({ maxBytes: 100_000, maxEntryBytes: 50_000 });
  const page = (n: number) => Buffer.alloc(20_000, n);
  cache.set('main', 'a', page(1), 0);
  cache.set('kovan', 'b', page(2), 0);
  cache.set('main', 'c', page(3), 0);
  cache.set('main', 'd', page(4), 0);
  // `a` is used again, so `b` (on the other network) is now the least recently used.
  expect(cache.peek('main', 'a')).toBeDefined();
  cache.set('main', 'e', page(5), 0);
  expect(cache.stats().bytes).toBeLessThanOrEqual(100_000);
  expect(cache.peek('kovan', 'b')).toBeUndefined();
  for (const key of ['a', 'c', 'd', 'e']) expect(cache.peek('main', key)).toBeDefined();
  // Those four were just used in that order: `a` goes next.
  cache.set('main', 'f', page(6), 0);
  expect(cache.peek('main', 'a')).toBeUndefined();
  expect(cache.peek('main', 'c')).toBeDefined();
  expect(cache.stats().bytes).toBeLessThanOrEqual(100_000);
  // Invalidating a network gives its bytes back.
  cache.invalidate('main');
  expect(cache.stats()).toMatchObject({ bytes: 0, entries: 0 });
});

test('counts a string by its length, a Buffer by the memory it keeps alive, and the key', () => {
  const cache = createBookCache();
  cache.set('main', 'k'.repeat(1000), 'x'.repeat(30_000), 0);
  const one = cache.stats().bytes;
  expect(one).toBeGreaterThanOrEqual(31_000);
  expect(one).toBeLessThan(31_500);
  // A small Buffer is a slice of the shared pool: the whole pool counts.
  cache.set('main', 'small', Buffer.from('{"orders":[]}', 'latin1'), 0);
  expect(cache.stats().bytes - one).toBeGreaterThanOrEqual(Buffer.poolSize);
  cache.set('main', 'page', { body: Buffer.alloc(40_000), link: '<x>' }, 0);
  expect(cache.stats().bytes - one).toBeGreaterThanOrEqual(Buffer.poolSize + 40_000);
});

test('does not keep an answer larger than the per-entry cap, but still returns it', async () => {
  const cache = createBookCache({ maxBytes: 8 * 1024 * 1024 });
  const big = 'x'.repeat(1024 * 1024 + 1);
  expect(await cache.get('main', 'big', async () => big)).toBe(big);
  cache.set('main', 'big2', big, 0);
  expect(cache.peek('main', 'big')).toBeUndefined();
  expect(cache.peek('main', 'big2')).toBeUndefined();
  expect(cache.stats()).toMatchObject({ bytes: 0, entries: 0 });
  // A small budget caps an entry at an eighth of it.
  const small = createBookCache({ maxBytes: 80_000 });
  small.set('main', 'a', 'x'.repeat(9_000), 0);
  small.set('main', 'b', 'x'.repeat(11_000), 0);
  expect(small.peek('main', 'a')).toBeDefined();
  expect(small.peek('main', 'b')).toBeUndefined();
});

test('an alias answers its target without a copy, and nothing once the target is gone', () => {
  const cache = createBookCache({ maxBytes: 200_000 });
  const page = Buffer.alloc(20_000);
  cache.set('main', 'canonical', page, 0);
  const before = cache.stats().bytes;
  cache.alias('main', 'order?per_page=05', 'canonical', 0);
  cache.alias('main', 'order?per_page=005', 'canonical', 0);
  expect(cache.peek('main', 'order?per_page=05')).toBe(page);
  expect(cache.stats().bytes - before).toBeLessThan(1000);
  // An alias of a missing target, or from an older book, is not kept.
  cache.alias('main', 'order?x', 'missing', 0);
  cache.alias('main', 'order?y', 'canonical', 1);
  expect(cache.peek('main', 'order?x')).toBeUndefined();
  expect(cache.peek('main', 'order?y')).toBeUndefined();
  expect(cache.stats().entries).toBe(3);
  // Its target evicted, an alias answers nothing (and goes).
  for (let i = 0; i < 10; i++) cache.set('main', `other${i}`, Buffer.alloc(20_000), 0);
  expect(cache.peek('main', 'canonical')).toBeUndefined();
  expect(cache.peek('main', 'order?per_page=05')).toBeUndefined();
  expect(cache.stats().bytes).toBeLessThanOrEqual(200_000);
});

test('a flood of distinct keys and aliases never holds more than the budget', () => {
  const cache = createBookCache({ maxBytes: 4 * 1024 * 1024 });
  for (let i = 0; i < 20_000; i++) {
    cache.set('main', `order:{"page":${i}}`, Buffer.alloc(25_000), 0);
    cache.alias('main', `order?page=${i}&i=${'0'.repeat(i % 500)}`, `order:{"page":${i}}`, 0);
    expect(cache.stats().bytes).toBeLessThanOrEqual(4 * 1024 * 1024);
  }
  expect(cache.stats().entries).toBeGreaterThan(100);
});
