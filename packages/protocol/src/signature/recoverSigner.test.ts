import { describe, expect, test } from 'vitest';
import { nativeRecover } from '../native/nativeRecover';
import { vectors } from '../vectors/vectors';
import { recoverSigner } from './recoverSigner';

describe('recoverSigner', () => {
  test('recovers the maker of vector B with either backend', () => {
    const { orderHash, signedOrder } = vectors.orderB;
    expect(recoverSigner(orderHash, signedOrder.ecSignature)).toBe(signedOrder.maker);
    expect(recoverSigner(orderHash, signedOrder.ecSignature, nativeRecover)).toBe(signedOrder.maker);
  });

  test('applies the personal-message prefix to the order hash', () => {
    const { data, ecSignature, signer } = vectors.officialSignature;
    expect(recoverSigner(data, ecSignature)).toBe(signer);
  });

  test('returns null when nothing can be recovered', () => {
    expect(
      recoverSigner(vectors.orderA.orderHash, { ...vectors.orderA.signedOrder.ecSignature, v: 1 }),
    ).toBeNull();
  });

  test('uses the backend it is given', () => {
    const fixed = '0x1111111111111111111111111111111111111111';
    expect(recoverSigner(vectors.orderA.orderHash, vectors.orderA.signedOrder.ecSignature, () => fixed)).toBe(
      fixed,
    );
  });
});
