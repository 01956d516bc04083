import { orderSortFields, RelayerError } from '@relayer/protocol';
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { TEST_SEED } from '../../test/helpers/testSeed.js';
import { decodeCursor, encodeCursor } from './orderCursor.js';

const HASH = `0x${'ab'.repeat(32)}`;
const CREATED = '1700000000123';
const raw = (tuple: unknown) => Buffer.from(JSON.stringify(tuple)).toString('base64url');
const SEED = TEST_SEED;

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
      fc.bigInt({ min: 0n, max: 10n ** 15n - 1n }).map(String),
      fc.integer({ min: 1, max: 1_000_000 }),
      fc.constantFrom('after', 'before'),
      fc.constantFrom(...orderSortFields),
      fc.constantFrom('asc', 'desc'),
      (key, hash, created, page, side, sort, direction) => {
        const tuple = [key, created, hash, page, side === 'after' ? 'a' : 'b', sort, direction];
        expect(encodeCursor({ key, created, hash, page, side, sort, direction })).toBe(raw(tuple));
      },
    ),
    { seed: SEED, numRuns: 2000 },
  );
});

test('a cursor the relayer issued decodes to what it said', () => {
  const cursor = {
    key: '12',
    created: CREATED,
    hash: HASH,
    page: 3,
    side: 'before',
    sort: 'makerFee',
    direction: 'desc',
  } as const;
  expect(decodeCursor(encodeCursor(cursor), 'makerFee', 'desc')).toEqual(cursor);
  expect(encodeCursor(cursor)).toBe(raw(['12', CREATED, HASH, 3, 'b', 'makerFee', 'desc']));
});

test('anything but the seven elements of their types and ranges is refused as a cursor', () => {
  const good = ['12', CREATED, HASH, 3, 'a', 'makerFee', 'asc'];
  const head = ['12', CREATED];
  const damaged: unknown[] = [
    'not json',
    {},
    good.slice(0, 6),
    [...good, 1],
    ['x'.repeat(101), ...good.slice(1)],
    [12, ...good.slice(1)],
    ['12', 1700000000123, ...good.slice(2)],
    ['12', '1'.repeat(16), ...good.slice(2)],
    ['12', '-1', ...good.slice(2)],
    ['12', '', ...good.slice(2)],
    [...head, HASH.toUpperCase(), ...good.slice(3)],
    [...head, HASH, 0, ...good.slice(4)],
    [...head, HASH, 1_000_001, ...good.slice(4)],
    [...head, HASH, 1.5, ...good.slice(4)],
    [...head, HASH, '3', ...good.slice(4)],
    [...head, HASH, 3, 'c', 'makerFee', 'asc'],
    [...head, HASH, 3, 'a', 'price', 'asc'],
    [...head, HASH, 3, 'a', 'makerFee', 'up'],
  ];
  for (const tuple of damaged) {
    const text = typeof tuple === 'string' ? Buffer.from(tuple).toString('base64url') : raw(tuple);
    expect(() => decodeCursor(text, 'makerFee', 'asc'), JSON.stringify(tuple)).toThrow(RelayerError);
  }
  expect(decodeCursor(raw(good), 'makerFee', 'asc').page).toBe(3);
  const longKey = ['x'.repeat(100), CREATED, HASH, 3, 'a', 'makerToken', 'asc'];
  expect(decodeCursor(raw(longKey), 'makerToken', 'asc').key).toHaveLength(100);
});

test('a cursor of the older format, without the receive time, is refused as a cursor', () => {
  const old = raw(['12', HASH, 3, 'a', 'makerFee', 'asc']);
  expect(() => decodeCursor(old, 'makerFee', 'asc')).toThrow(
    expect.objectContaining({ code: 'INCORRECT_FORMAT', field: 'cursor' }),
  );
});

test('a key is checked against its column type at its widest: uint256 and bigint bounds, fewer digits at once', () => {
  const cursor = (key: string, sort: 'makerFee' | 'createdAt') =>
    raw([key, CREATED, HASH, 2, 'a', sort, 'asc']);
  const uint256Max = (2n ** 256n - 1n).toString();
  expect(uint256Max).toHaveLength(78);
  expect(decodeCursor(cursor(uint256Max, 'makerFee'), 'makerFee', 'asc').key).toBe(uint256Max);
  expect(decodeCursor(cursor('9'.repeat(77), 'makerFee'), 'makerFee', 'asc').key).toHaveLength(77);
  for (const key of [(2n ** 256n).toString(), '9'.repeat(78), '1'.repeat(79), '', '1.5', '-1']) {
    expect(() => decodeCursor(cursor(key, 'makerFee'), 'makerFee', 'asc'), key).toThrow(RelayerError);
  }
  const bigintMax = (2n ** 63n - 1n).toString();
  expect(bigintMax).toHaveLength(19);
  expect(decodeCursor(cursor(bigintMax, 'createdAt'), 'createdAt', 'asc').key).toBe(bigintMax);
  expect(decodeCursor(cursor('9'.repeat(18), 'createdAt'), 'createdAt', 'asc').key).toHaveLength(18);
  for (const key of [(2n ** 63n).toString(), '9'.repeat(19), '1'.repeat(20)]) {
    expect(() => decodeCursor(cursor(key, 'createdAt'), 'createdAt', 'asc'), key).toThrow(RelayerError);
  }
});
