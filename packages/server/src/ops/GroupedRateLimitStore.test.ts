import { expect, test } from 'vitest';
import { GroupedRateLimitStore, MAX_KEY_BYTES, MAX_KEYS } from './GroupedRateLimitStore.js';

const count = (store: GroupedRateLimitStore, key: string): number => {
  let current = 0;
  store.incr(key, (_error, result) => (current = result?.current ?? 0), 60_000);
  return current;
};

test('counts each client in its window and shares the counts of a group', () => {
  const root = new GroupedRateLimitStore();
  const reads = root.child({ groupId: 'reads' });
  expect(count(reads, '10.0.0.1')).toBe(1);
  expect(count(root.child({ groupId: 'reads' }), '10.0.0.1')).toBe(2);
  expect(count(root.child({ groupId: 'writes' }), '10.0.0.1')).toBe(1);
});

test('remembers at most MAX_KEYS clients, forgetting the least recently seen', () => {
  const store = new GroupedRateLimitStore().child({ groupId: 'reads' });
  count(store, 'first');
  count(store, 'kept');
  for (let i = 0; i < MAX_KEYS - 1; i++) {
    count(store, `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`);
    if (i === 100) count(store, 'kept');
  }
  // `first` was forgotten: its count starts again; `kept`, seen since, was not.
  expect(count(store, 'first')).toBe(1);
  expect(count(store, 'kept')).toBe(3);
});

test('remembers at most MAX_KEY_BYTES of keys, however long each is', () => {
  const store = new GroupedRateLimitStore().child({ groupId: 'reads' });
  const long = (i: number) => `${i}:${'x'.repeat(16_000)}`;
  const kept = Math.floor(MAX_KEY_BYTES / 16_010);
  for (let i = 0; i < 2 * kept; i++) count(store, long(i));
  expect(count(store, long(0))).toBe(1);
  expect(count(store, long(2 * kept - 1))).toBe(2);
});
