import { secp256k1 } from '@noble/curves/secp256k1';
import { bytesToHex } from '@noble/hashes/utils';
import { describe, expect, test } from 'vitest';
import { randomSignedCases, recoverBackendCases } from '../../test/recoverCases';
import type { Hex } from '../internal/hex';
import { jsRecover } from '../signature/jsRecover';
import { nativeRecover } from './nativeRecover';

describe('nativeRecover', () => {
  recoverBackendCases(nativeRecover);

  test('agrees with jsRecover on 300 random keys’ signatures', () => {
    for (const { digest, v, r, s, address } of randomSignedCases(300)) {
      expect(nativeRecover(digest, { v, r, s })).toBe(address);
      expect(jsRecover(digest, { v, r, s })).toBe(address);
    }
  });

  test('agrees with jsRecover on garbage r and s, recovering something or nothing alike', () => {
    const random = (): Hex => `0x${bytesToHex(secp256k1.utils.randomPrivateKey())}`;
    const outcomes = { address: 0, none: 0 };
    for (let i = 0; i < 300; i++) {
      const digest = secp256k1.utils.randomPrivateKey();
      const sig = { v: 27 + (i % 2), r: random(), s: random() };
      const native = nativeRecover(digest, sig);
      expect(native).toBe(jsRecover(digest, sig));
      if (native === null) outcomes.none++;
      else outcomes.address++;
    }
    // About half of all x coordinates lie on the curve, so both outcomes must have occurred.
    expect(outcomes.address).toBeGreaterThan(50);
    expect(outcomes.none).toBeGreaterThan(50);
  });
});
