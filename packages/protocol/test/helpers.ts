import { secp256k1 } from '@noble/curves/secp256k1';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils';
import { expect } from 'vitest';
import { type ECSignature, type ErrorCode, type Hex, RelayerError } from '../src/index';
import { personalMessageHash } from '../src/signature/personalMessageHash';

/** Signs an order hash as a wallet's personal_sign would (RFC 6979, low s), for tests only. */
export function signOrderHash(orderHash: Hex, privateKey: Hex | Uint8Array): ECSignature {
  const key = typeof privateKey === 'string' ? hexToBytes(privateKey.slice(2)) : privateKey;
  const sig = secp256k1.sign(personalMessageHash(orderHash), key);
  return {
    v: sig.recovery === 0 ? 27 : 28,
    r: `0x${sig.r.toString(16).padStart(64, '0')}`,
    s: `0x${sig.s.toString(16).padStart(64, '0')}`,
  };
}

/** `length` bytes from a seeded generator (seededRandom), so the draw replays from the file's seed. */
export function randomBytes(random: () => number, length: number): Uint8Array {
  return Uint8Array.from({ length }, () => Math.floor(random() * 256));
}

export function randomHash(random: () => number): Hex {
  return `0x${bytesToHex(randomBytes(random, 32))}`;
}

/** A valid secp256k1 private key from a seeded generator (a draw outside 1..n-1 is drawn again). */
export function randomPrivateKey(random: () => number): Uint8Array {
  for (;;) {
    const key = randomBytes(random, 32);
    if (secp256k1.utils.isValidPrivateKey(key)) return key;
  }
}

/** Deterministic pseudo-random generator (mulberry32) so property tests reproduce from their seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random bigint of up to `maxBits` bits (the bit length itself random, so small values occur too). */
export function randomBigInt(random: () => number, maxBits: number): bigint {
  const bits = Math.floor(random() * (maxBits + 1));
  let value = 0n;
  for (let i = 0; i < bits; i++) value = (value << 1n) | (random() < 0.5 ? 1n : 0n);
  return value;
}

/** Runs `fn` and asserts it throws a RelayerError with `code`; returns the error for further checks. */
export function expectRelayerError(fn: () => unknown, code: ErrorCode): RelayerError {
  let thrown: unknown;
  try {
    fn();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(RelayerError);
  expect((thrown as RelayerError).code).toBe(code);
  return thrown as RelayerError;
}
