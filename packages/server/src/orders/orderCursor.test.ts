import { orderSortFields, RelayerError } from '@relayer/protocol';
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { decodeCursor, encodeCursor } from './orderCursor.js';

const HASH = `0x${'ab'.repeat(32)}`;
const raw = (tuple: unknown) => Buffer.from(JSON.stringify(tuple)).toString('base64url');
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);

test('a cursor is the base64url of JSON.stringify of its tuple, whatever its key', () => {
  const text = fc.oneof(
    fc.string({ unit: 'grapheme-ascii', maxLength: 12 }),
    fc.string({ unit: 'binary', maxLength: 12 }),
    fc.constantFrom('', '"', '\\', '\u0000', '\u001f', '\u007f', '\ud800', 'a\udc00b', '€', '0', HASH),
  );
  fc.assert(
    fc.property(
      text,
      fc.oneof(fc.constant(HASH), text),
      fc.integer({ min: 1, max: 1_000_000 }),
      fc.constantFrom('after', 'before'),
      fc.constantFrom(...orderSortFields),
      fc.constantFrom('asc', 'desc'),
      (key, hash, page, side, sort, direction) => {
        const tuple = [key, hash, page, side === 'after' ? 'a' : 'b', sort, direction];
        expect(encodeCursor({ key, hash, page, side, sort, direction })).toBe(raw(tuple));
      },
    ),
    { seed: SEED, numRuns: 2000 },
  );
});

test('a cursor the relayer issued decodes to what it said', () => {
  const cursor = {
    key: '12',
    hash: HASH,
    page: 3,
    side: 'before',
    sort: 'makerFee',
    direction: 'desc',
  } as const;
  expect(decodeCursor(encodeCursor(cursor), 'makerFee', 'desc')).toEqual(cursor);
  expect(encodeCursor(cursor)).toBe(raw(['12', HASH, 3, 'b', 'makerFee', 'desc']));
});

test('anything but the six elements of their types and ranges is refused as a cursor', () => {
  const good = ['12', HASH, 3, 'a', 'makerFee', 'asc'];
  const damaged: unknown[] = [
    'not json',
    {},
    good.slice(0, 5),
    [...good, 1],
    ['x'.repeat(101), ...good.slice(1)],
    [12, ...good.slice(1)],
    ['12', HASH.toUpperCase(), ...good.slice(2)],
    ['12', HASH, 0, ...good.slice(3)],
    ['12', HASH, 1_000_001, ...good.slice(3)],
    ['12', HASH, 1.5, ...good.slice(3)],
    ['12', HASH, '3', ...good.slice(3)],
    ['12', HASH, 3, 'c', 'makerFee', 'asc'],
    ['12', HASH, 3, 'a', 'price', 'asc'],
    ['12', HASH, 3, 'a', 'makerFee', 'up'],
  ];
  for (const tuple of damaged) {
    const text = typeof tuple === 'string' ? Buffer.from(tuple).toString('base64url') : raw(tuple);
    expect(() => decodeCursor(text, 'makerFee', 'asc'), JSON.stringify(tuple)).toThrow(RelayerError);
  }
  expect(decodeCursor(raw(good), 'makerFee', 'asc').page).toBe(3);
  const longKey = ['x'.repeat(100), HASH, 3, 'a', 'makerToken', 'asc'];
  expect(decodeCursor(raw(longKey), 'makerToken', 'asc').key).toHaveLength(100);
});
