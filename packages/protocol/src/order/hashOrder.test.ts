import { bytesToHex } from '@noble/hashes/utils';
import { describe, expect, test } from 'vitest';
import { MAX_UINT256 } from '../internal/hex';
import { vectors } from '../vectors/vectors';
import { hashOrder, ORDER_PREIMAGE_LENGTH, packOrder } from './hashOrder';

const orderA = vectors.orderA.signedOrder;

describe('hashOrder', () => {
  test('reproduces 0x.js’s official all-zero vector', () => {
    expect(hashOrder(vectors.officialOrderHash.order)).toBe(vectors.officialOrderHash.orderHash);
  });

  test('reproduces vectors A and B', () => {
    expect(hashOrder(orderA)).toBe(vectors.orderA.orderHash);
    expect(hashOrder(vectors.orderB.signedOrder)).toBe(vectors.orderB.orderHash);
  });

  test('packs vector A into the documented 312-byte pre-image', () => {
    const packed = packOrder(orderA);
    expect(packed).toHaveLength(ORDER_PREIMAGE_LENGTH);
    expect(`0x${bytesToHex(packed)}`).toBe(vectors.orderA.preimage);
  });

  test('changes when any hashed field changes', () => {
    const hashes = new Set([hashOrder(orderA)]);
    for (const field of Object.keys(orderA) as (keyof typeof orderA)[]) {
      if (field === 'ecSignature') continue;
      const value = orderA[field];
      const changed = value.startsWith('0x') ? `0x${'1'.repeat(40)}` : (BigInt(value) + 1n).toString();
      hashes.add(hashOrder({ ...orderA, [field]: changed }));
    }
    expect(hashes.size).toBe(13);
  });

  test('does not depend on the signature or address case', () => {
    const upperMaker = { ...orderA, maker: orderA.maker.toUpperCase().replace('0X', '0x') as `0x${string}` };
    expect(hashOrder(upperMaker)).toBe(vectors.orderA.orderHash);
  });

  test('hashes the largest uint256 salt and refuses 2^256', () => {
    expect(hashOrder({ ...orderA, salt: MAX_UINT256.toString() })).toMatch(/^0x[0-9a-f]{64}$/);
    expect(() => hashOrder({ ...orderA, salt: (MAX_UINT256 + 1n).toString() })).toThrow(RangeError);
  });

  test('refuses a malformed address instead of hashing garbage', () => {
    expect(() => hashOrder({ ...orderA, taker: '0x1234' })).toThrow(RangeError);
  });
});
