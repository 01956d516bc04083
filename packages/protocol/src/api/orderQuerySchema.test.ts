import { describe, expect, test } from 'vitest';
import { parseWithSraErrors } from '../schemas/parseWithSraErrors';
import { orderQuerySchema } from './orderQuerySchema';

const A = `0x${'a'.repeat(40)}`;
const B = `0x${'b'.repeat(40)}`;

describe('orderQuerySchema state', () => {
  test.each([
    [undefined, ['open']],
    ['filled', ['filled']],
    ['unfunded,open', ['open', 'unfunded']],
    ['expired,filled,expired', ['filled', 'expired']],
    ['any', ['open', 'filled', 'cancelled', 'expired', 'unfunded']],
  ])('%s parses to the distinct states in canonical order', (state, expected) => {
    expect(orderQuerySchema.parse(state === undefined ? {} : { state }).state).toEqual(expected);
  });

  test.each(['', 'OPEN', 'open,', 'any,open', 'open filled', 'closed'])(
    'refuses %j with 1006 on state',
    (state) => {
      const parsed = parseWithSraErrors(orderQuerySchema, { state });
      expect(parsed.success ? [] : parsed.errors).toEqual([
        expect.objectContaining({ field: 'state', code: 1006 }),
      ]);
    },
  );
});

describe('orderQuerySchema market', () => {
  test('takes base and quote together, and names the missing one', () => {
    expect(orderQuerySchema.parse({ baseTokenAddress: A, quoteTokenAddress: B })).toMatchObject({
      baseTokenAddress: A,
      quoteTokenAddress: B,
    });
    const parsed = parseWithSraErrors(orderQuerySchema, { quoteTokenAddress: B });
    expect(parsed.success ? [] : parsed.errors).toEqual([
      expect.objectContaining({ field: 'baseTokenAddress', code: 1000 }),
    ]);
  });
});
