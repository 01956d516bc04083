import { orderQuerySchema } from '@relayer/protocol';
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { TEST_SEED } from '../../test/helpers/testSeed.js';
import { parseCommonOrderQuery } from './commonOrderQuery.js';

const SEED = TEST_SEED;
const A = `0x${'ab'.repeat(20)}`;

/** zod's answer as JSON text (key order included), or undefined when zod refuses. */
function zodAnswer(input: Record<string, unknown>): string | undefined {
  const parsed = orderQuerySchema.safeParse(input);
  return parsed.success ? JSON.stringify(parsed.data) : undefined;
}

test('the queries a client pages with are read without zod, as zod reads them', () => {
  const common: Record<string, string>[] = [
    {},
    { per_page: '21', cursor: 'WyIwIiwiMHg' },
    { sort: 'takerTokenAmount', direction: 'desc', per_page: '20', page: '3' },
    {
      makerTokenAddress: A,
      takerTokenAddress: A,
      sort: 'takerTokenAmount',
      direction: 'desc',
      per_page: '20',
    },
    { cursor: 'x', maker: A, state: 'open', tokenAddress: A, page: '1000000', per_page: '100' },
    { verified: 'only' },
    { verified: 'all', sort: 'createdAt', cursor: 'x' },
  ];
  for (const input of common) {
    const fast = parseCommonOrderQuery(input);
    expect(fast, JSON.stringify(input)).toBeDefined();
    expect(JSON.stringify(fast)).toBe(zodAnswer(input));
  }
});

test('anything else is left to zod (other spellings, market filters, refusals)', () => {
  const others: Record<string, unknown>[] = [
    { per_page: '05' },
    { per_page: '1e1' },
    { per_page: ' 5' },
    { page: '0x10' },
    { per_page: '101' },
    { page: '1000001' },
    { per_page: '0' },
    { sort: 'nope' },
    { sort: '' },
    { direction: 'up' },
    { state: 'open,unfunded' },
    { state: 'any' },
    { page: ['2', '3'] },
    { maker: A.toUpperCase().replace('0X', '0x') },
    { baseTokenAddress: A, quoteTokenAddress: A },
    { unknown: '1' },
    { cursor: 'c'.repeat(513) },
    { verified: 'yes' },
    { verified: 'ONLY' },
  ];
  for (const input of others) expect(parseCommonOrderQuery(input), JSON.stringify(input)).toBeUndefined();
});

test('property: whatever it reads, zod reads the same (same keys, same order, same values)', () => {
  const value = fc.oneof(
    fc.constantFrom('1', '5', '20', '21', '100', '101', '0', '01', '1e2', '999999', '1000000', '1000001', ''),
    fc.constantFrom('makerFee', 'takerFee', 'createdAt', 'makerAmount', 'askingPrice', 'MAKERFEE'),
    fc.constantFrom('asc', 'desc', 'open', 'filled', 'any', 'open,open', A, `${A}0`, A.slice(0, 41)),
    fc.constantFrom('only', 'all', 'true'),
    fc.string({ maxLength: 8 }),
  );
  const key = fc.constantFrom(
    'page',
    'per_page',
    'sort',
    'direction',
    'state',
    'verified',
    'cursor',
    'makerTokenAddress',
    'takerTokenAddress',
    'tokenAddress',
    'maker',
    'baseTokenAddress',
    'other',
  );
  let read = 0;
  fc.assert(
    fc.property(
      fc.dictionary(key, fc.oneof(value, fc.array(value, { maxLength: 2 })), { maxKeys: 6 }),
      (input) => {
        const fast = parseCommonOrderQuery(input);
        if (fast === undefined) return;
        read += 1;
        expect(JSON.stringify(fast)).toBe(zodAnswer(input));
      },
    ),
    { seed: SEED, numRuns: 3000 },
  );
  // The property says something only if the fast path answered often enough.
  expect(read, `seed ${SEED}`).toBeGreaterThan(100);
});
