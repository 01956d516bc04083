import { describe, expect, test } from 'vitest';
import { vectors } from '../vectors/vectors';
import { orderSchema } from './orderSchema';

const { ecSignature: _, ...order } = vectors.orderB.signedOrder;

describe('orderSchema', () => {
  test('accepts vector B unchanged', () => {
    expect(orderSchema.parse(order)).toEqual(order);
  });

  test('requires both token addresses, unlike 0x’s own schema', () => {
    const { makerTokenAddress: _m, takerTokenAddress: _t, ...withoutTokens } = order;
    const paths = orderSchema.safeParse(withoutTokens).error?.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(['makerTokenAddress', 'takerTokenAddress']);
  });

  test('strips unknown keys so only the twelve hashed fields survive', () => {
    const parsed = orderSchema.parse({ ...order, orderHash: vectors.orderB.orderHash, note: 'hi' });
    expect(Object.keys(parsed).sort()).toEqual(Object.keys(order).sort());
  });

  test('refuses a checksummed maker and a fractional amount', () => {
    const result = orderSchema.safeParse({
      ...order,
      maker: '0x5409ED021D9299bf6814279A6A1411A7e866A631',
      makerTokenAmount: '0.5',
    });
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['maker', 'makerTokenAmount']);
  });
});
