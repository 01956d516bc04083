import { describe, expect, test } from 'vitest';
import { randomHash, seededRandom, signOrderHash } from '../../test/helpers';
import { TEST_SEED } from '../../test/testSeed';
import { nativeRecover } from '../native/nativeRecover';
import { DEV_ACCOUNTS } from '../networks/devAccounts';
import { NULL_ADDRESS } from '../schemas/addressSchema';
import { vectors } from '../vectors/vectors';
import { isValidSignature } from './isValidSignature';

const { data, ecSignature, signer } = vectors.officialSignature;

describe.each([
  ['jsRecover', undefined],
  ['nativeRecover', nativeRecover],
])('isValidSignature with %s', (_, backend) => {
  test('accepts the official vector', () => {
    expect(isValidSignature(data, ecSignature, signer, backend)).toBe(true);
  });

  test('refuses the official vector with v = 28', () => {
    expect(isValidSignature(data, { ...ecSignature, v: 28 }, signer, backend)).toBe(false);
  });

  test('accepts vectors A and B for their maker', () => {
    for (const { orderHash, signedOrder } of [vectors.orderA, vectors.orderB]) {
      expect(isValidSignature(orderHash, signedOrder.ecSignature, signedOrder.maker, backend)).toBe(true);
    }
  });

  test('refuses a signature of another order', () => {
    expect(
      isValidSignature(vectors.orderB.orderHash, vectors.orderA.signedOrder.ecSignature, signer, backend),
    ).toBe(false);
  });

  test('refuses a signer who did not sign', () => {
    expect(isValidSignature(data, ecSignature, DEV_ACCOUNTS[1], backend)).toBe(false);
  });

  test('compares the signer case-insensitively', () => {
    expect(isValidSignature(data, ecSignature, '0x5409ED021D9299bf6814279A6A1411A7e866A631', backend)).toBe(
      true,
    );
  });
});

describe('isValidSignature', () => {
  test('accepts a fresh signature by dev account 0 over a random hash', () => {
    const hash = randomHash(seededRandom(TEST_SEED));
    expect(
      isValidSignature(hash, signOrderHash(hash, vectors.signer.privateKey), vectors.signer.address),
    ).toBe(true);
  });

  test('never accepts the null address as signer, whatever recovery says', () => {
    expect(isValidSignature(data, ecSignature, NULL_ADDRESS, () => NULL_ADDRESS)).toBe(false);
  });

  test('never accepts a recovered zero address, whatever signer is claimed', () => {
    expect(isValidSignature(data, ecSignature, signer, () => NULL_ADDRESS)).toBe(false);
  });

  test('returns false instead of throwing on malformed input', () => {
    expect(isValidSignature('0x12', ecSignature, signer)).toBe(false);
    expect(
      isValidSignature(data, ecSignature, signer, () => {
        throw new Error('backend failure');
      }),
    ).toBe(false);
    expect(isValidSignature(data, ecSignature, undefined as unknown as string)).toBe(false);
  });
});
