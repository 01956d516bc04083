import { keccak_256 } from '@noble/hashes/sha3';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils';
import { describe, expect, test } from 'vitest';
import { signOrderHash } from '../../test/helpers';
import { signedOrderSchema } from '../schemas/signedOrderSchema';
import { vectors } from './vectors';

describe('vectors', () => {
  test('the signed orders are valid wire orders', () => {
    expect(signedOrderSchema.safeParse(vectors.orderA.signedOrder).success).toBe(true);
    expect(signedOrderSchema.safeParse(vectors.orderB.signedOrder).success).toBe(true);
  });

  test('re-signing with the account 0 key reproduces the documented signatures (RFC 6979)', () => {
    const { privateKey } = vectors.signer;
    expect(signOrderHash(vectors.orderA.orderHash, privateKey)).toEqual(
      vectors.orderA.signedOrder.ecSignature,
    );
    expect(signOrderHash(vectors.orderB.orderHash, privateKey)).toEqual(
      vectors.orderB.signedOrder.ecSignature,
    );
    expect(signOrderHash(vectors.officialSignature.data, privateKey)).toEqual(
      vectors.officialSignature.ecSignature,
    );
  });

  test('LogFill tokens topics are keccak256(makerToken ‖ takerToken)', () => {
    for (const { makerToken, takerToken, tokens } of vectors.logFillTokens) {
      const packed = hexToBytes(`${makerToken.slice(2)}${takerToken.slice(2)}`);
      expect(`0x${bytesToHex(keccak_256(packed))}`).toBe(tokens);
    }
  });
});
