import { describe, expect, test } from 'vitest';
import { parseWithSraErrors } from '../schemas/parseWithSraErrors';
import { quoteQuerySchema } from './quoteQuerySchema';

const A = `0x${'a'.repeat(40)}`;
const B = `0x${'b'.repeat(40)}`;

describe('quoteQuerySchema', () => {
  test('takes one amount on either side, leading zeros normalised', () => {
    expect(quoteQuerySchema.parse({ sellToken: A, buyToken: B, sellAmount: '007' })).toEqual({
      sellToken: A,
      buyToken: B,
      sellAmount: '7',
    });
    expect(
      quoteQuerySchema.parse({ sellToken: A, buyToken: B, buyAmount: '1', takerAddress: A }).buyAmount,
    ).toBe('1');
  });

  test.each([
    [{}, 'sellAmount', 1000],
    [{ sellAmount: '1', buyAmount: '1' }, 'buyAmount', 1001],
    [{ sellAmount: '0' }, 'sellAmount', 1004],
    [{ buyAmount: '00' }, 'buyAmount', 1004],
    [{ sellAmount: `1${'0'.repeat(78)}` }, 'sellAmount', 1004],
    [{ sellAmount: '-1' }, 'sellAmount', 1001],
    [{ sellAmount: '1', slippage: '1' }, 'slippage', 1006],
  ])('refuses %j naming %s with %i', (amounts, field, code) => {
    const parsed = parseWithSraErrors(quoteQuerySchema, { sellToken: A, buyToken: B, ...amounts });
    expect(parsed.success ? [] : parsed.errors).toEqual([expect.objectContaining({ field, code })]);
  });
});
