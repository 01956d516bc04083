import fc from 'fast-check';
import { expect, test } from 'vitest';
import type { BookOrder } from '../model/BookOrder.js';
import { hashKey } from '../model/hashKey.js';
import { compareHashes, compareOrderHashes, compareTies } from './bookOrderings.js';

const HEX = '0123456789abcdef';
/** Hashes as the relayer writes them, near each other (shared prefixes), and texts of other shapes. */
const hash = fc.oneof(
  fc.string({ unit: fc.constantFrom(...HEX), minLength: 64, maxLength: 64 }).map((digits) => `0x${digits}`),
  // Shared prefixes longer and shorter than the key's 7 digits.
  fc
    .tuple(
      fc.integer({ min: 0, max: 12 }),
      fc.string({ unit: fc.constantFrom('0', '1', 'f'), minLength: 64, maxLength: 64 }),
    )
    .map(([same, digits]) => `0x${'a'.repeat(same)}${digits.slice(same)}`),
  fc
    .string({ unit: fc.constantFrom(...HEX, 'A', 'F'), minLength: 64, maxLength: 64 })
    .map((digits) => `0x${digits}`),
  fc.string({ maxLength: 70 }),
  fc.string({ unit: 'binary', maxLength: 70 }),
);
const orderOf = (text: string) => ({ hash: text, hashKey: hashKey(text) }) as BookOrder;

test('compareOrderHashes orders any two hashes as compareHashes does (seeded property)', () => {
  const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
  console.log(`hash key property: seed ${seed} (FC_SEED=${seed} replays)`);
  fc.assert(
    fc.property(hash, hash, (a, b) => {
      expect(Math.sign(compareOrderHashes(orderOf(a), orderOf(b)))).toBe(compareHashes(a, b));
    }),
    { seed, numRuns: 5000 },
  );
});

test('compareTies orders by receive time, then as compareHashes does, whatever the hashes (seeded property)', () => {
  const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
  console.log(`tie property: seed ${seed} (FC_SEED=${seed} replays)`);
  // Few distinct times, so equal ones (then the hash decides) are common; large ones near today's clock.
  const time = fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constant(1_800_000_000_000));
  const tied = (text: string, createdAt: number) =>
    ({ hash: text, hashKey: hashKey(text), createdAt }) as BookOrder;
  fc.assert(
    fc.property(hash, time, hash, time, (a, at, b, bt) => {
      const expected = at !== bt ? Math.sign(at - bt) : compareHashes(a, b);
      expect(Math.sign(compareTies(tied(a, at), tied(b, bt)))).toBe(expected);
    }),
    { seed, numRuns: 5000 },
  );
});

test('hashKey reads the first 7 hex digits of a relayer hash, and nothing else', () => {
  expect(hashKey(`0x${'0'.repeat(64)}`)).toBe(0);
  expect(hashKey(`0xfffffff${'0'.repeat(57)}`)).toBe(2 ** 28 - 1);
  expect(hashKey(`0x0123456${'f'.repeat(57)}`)).toBe(0x0123456);
  expect(hashKey(`0xABCDEF0${'0'.repeat(57)}`)).toBe(-1);
  expect(hashKey(`0x${'0'.repeat(63)}`)).toBe(-1);
  expect(hashKey(`1x${'0'.repeat(64)}`)).toBe(-1);
});
