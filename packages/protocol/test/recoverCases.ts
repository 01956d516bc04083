import { secp256k1 } from '@noble/curves/secp256k1';
import { keccak_256 as keccak } from '@noble/hashes/sha3';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils';
import { expect, test } from 'vitest';
import type { Address, Hex, RecoverBackend } from '../src/index';
import { personalMessageHash, vectors } from '../src/index';
import { randomHash, randomPrivateKey } from './helpers';

export const CURVE_ORDER = secp256k1.CURVE.n;
const word = (value: bigint): Hex => `0x${value.toString(16).padStart(64, '0')}`;
const official = vectors.officialSignature;
const officialDigest = personalMessageHash(official.data);
const signer = vectors.signer.address;

/** The recovery behaviours every RecoverBackend must share with the ecrecover precompile. */
export function recoverBackendCases(recover: RecoverBackend): void {
  test('recovers the signer of the official signature vector', () => {
    expect(recover(officialDigest, official.ecSignature)).toBe(official.signer);
  });

  test('recovers account 0 from the signatures of vectors A and B', () => {
    expect(
      recover(personalMessageHash(vectors.orderA.orderHash), vectors.orderA.signedOrder.ecSignature),
    ).toBe(signer);
    expect(
      recover(personalMessageHash(vectors.orderB.orderHash), vectors.orderB.signedOrder.ecSignature),
    ).toBe(signer);
  });

  test('recovers someone else with v = 28 and the same r and s', () => {
    const other = recover(officialDigest, { ...official.ecSignature, v: 28 });
    expect(other).toMatch(/^0x[0-9a-f]{40}$/);
    expect(other).not.toBe(official.signer);
  });

  test('recovers someone else from the unprefixed hash', () => {
    expect(recover(hexToBytes(official.data.slice(2)), official.ecSignature)).not.toBe(official.signer);
  });

  test('accepts the high-s twin of a signature, as ecrecover does', () => {
    const { r, s } = official.ecSignature;
    const twin = { v: 28, r, s: word(CURVE_ORDER - BigInt(s)) };
    expect(recover(officialDigest, twin)).toBe(official.signer);
  });

  test.each([0, 1, 26, 29, 255, 27.5])('returns null for v = %s', (v) => {
    expect(recover(officialDigest, { ...official.ecSignature, v })).toBeNull();
  });

  test.each([
    ['r = 0', { r: word(0n) }],
    ['s = 0', { s: word(0n) }],
    ['r = n', { r: word(CURVE_ORDER) }],
    ['s = n', { s: word(CURVE_ORDER) }],
    ['s = n + 1', { s: word(CURVE_ORDER + 1n) }],
    ['r = 2^256 - 1', { r: word((1n << 256n) - 1n) }],
    ['a short r', { r: '0x1234' as Hex }],
    ['a non-hex s', { s: `0x${'zz'.repeat(32)}` as Hex }],
  ])('returns null for %s', (_, change) => {
    expect(recover(officialDigest, { ...official.ecSignature, ...change })).toBeNull();
  });
}

/** Random keys signing random digests with noble (RFC 6979); the address is derived independently of the backends. */
export function randomSignedCases(
  count: number,
  random: () => number,
): { digest: Uint8Array; v: number; r: Hex; s: Hex; address: Address }[] {
  return Array.from({ length: count }, (_, i) => {
    const privateKey = randomPrivateKey(random);
    const digest = personalMessageHash(randomHash(random));
    const sig = secp256k1.sign(digest, privateKey);
    const publicKey = secp256k1.getPublicKey(privateKey, false);
    const address = publicKeyAddress(publicKey);
    // Every other case uses the high-s twin, which ecrecover also accepts.
    const high = i % 2 === 1;
    return {
      digest,
      v: 27 + (high ? 1 - (sig.recovery ?? 0) : (sig.recovery ?? 0)),
      r: word(sig.r),
      s: word(high ? CURVE_ORDER - sig.s : sig.s),
      address,
    };
  });
}

function publicKeyAddress(publicKey: Uint8Array): Address {
  return `0x${bytesToHex(keccak(publicKey.subarray(1)).subarray(12))}`;
}
