import { describe, expect, test } from 'vitest';
import { vectors } from '../vectors/vectors';
import { signedOrderSchema } from './signedOrderSchema';

describe('signedOrderSchema', () => {
  test('accepts vectors A and B', () => {
    expect(signedOrderSchema.parse(vectors.orderA.signedOrder)).toEqual(vectors.orderA.signedOrder);
    expect(signedOrderSchema.parse(vectors.orderB.signedOrder)).toEqual(vectors.orderB.signedOrder);
  });

  test('requires the ecSignature', () => {
    const { ecSignature: _, ...order } = vectors.orderA.signedOrder;
    expect(signedOrderSchema.safeParse(order).error?.issues.map((i) => i.path.join('.'))).toEqual([
      'ecSignature',
    ]);
  });
});
