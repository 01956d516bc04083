import { describe, expect, test } from 'vitest';
import { expectRelayerError, randomHash, seededRandom, signOrderHash } from '../../test/helpers';
import { TEST_SEED } from '../../test/testSeed';
import type { Hex } from '../internal/hex';
import { nativeRecover } from '../native/nativeRecover';
import { DEV_ACCOUNTS } from '../networks/devAccounts';
import { vectors } from '../vectors/vectors';
import { parseSignature } from './parseSignature';

const { orderHash, signedOrder } = vectors.orderB;
const { v, r, s } = signedOrder.ecSignature;
const vByte = (value: number) => value.toString(16).padStart(2, '0');
const rsv = (value: number): Hex => `0x${r.slice(2)}${s.slice(2)}${vByte(value)}`;
const vrs = (value: number): Hex => `0x${vByte(value)}${r.slice(2)}${s.slice(2)}`;

describe('parseSignature', () => {
  test('reads an R‖S‖V signature, as modern wallets return it', () => {
    expect(parseSignature(rsv(v), orderHash, signedOrder.maker)).toEqual(signedOrder.ecSignature);
  });

  test('reads a V‖R‖S signature, as some old clients returned it', () => {
    expect(parseSignature(vrs(v), orderHash, signedOrder.maker)).toEqual(signedOrder.ecSignature);
  });

  test('lifts v 0/1 to 27/28 in either layout', () => {
    expect(parseSignature(rsv(v - 27), orderHash, signedOrder.maker)).toEqual(signedOrder.ecSignature);
    expect(parseSignature(vrs(v - 27), orderHash, signedOrder.maker)).toEqual(signedOrder.ecSignature);
  });

  test('works with the native backend', () => {
    expect(parseSignature(rsv(v), orderHash, signedOrder.maker, nativeRecover)).toEqual(
      signedOrder.ecSignature,
    );
  });

  test('reads a fresh signature over a random hash', () => {
    const hash = randomHash(seededRandom(TEST_SEED));
    const sig = signOrderHash(hash, vectors.signer.privateKey);
    const hex: Hex = `0x${sig.r.slice(2)}${sig.s.slice(2)}${vByte(sig.v)}`;
    expect(parseSignature(hex, hash, vectors.signer.address)).toEqual(sig);
  });

  test('throws INVALID_SIGNATURE for the wrong signer, the wrong hash or the wrong v', () => {
    const cases: [Hex, Hex, string][] = [
      [rsv(v), orderHash, DEV_ACCOUNTS[1]],
      [rsv(v), vectors.orderA.orderHash, signedOrder.maker],
      [rsv(55 - v), orderHash, signedOrder.maker],
      [rsv(29), orderHash, signedOrder.maker],
    ];
    for (const [signature, hash, signer] of cases) {
      expectRelayerError(() => parseSignature(signature, hash, signer), 'INVALID_SIGNATURE');
    }
  });
});
