import { describe, expect, test } from 'vitest';
import { randomHash, randomPrivateKey, seededRandom } from '../../test/helpers';
import { randomSignedCases, recoverBackendCases } from '../../test/recoverCases';
import { TEST_SEED } from '../../test/testSeed';
import { jsRecover } from '../signature/jsRecover';
import { nativeRecover } from './nativeRecover';

describe('nativeRecover', () => {
  recoverBackendCases(nativeRecover);

  test('agrees with jsRecover on 300 random keys’ signatures', () => {
    for (const { digest, v, r, s, address } of randomSignedCases(300, seededRandom(TEST_SEED))) {
      expect(nativeRecover(digest, { v, r, s })).toBe(address);
      expect(jsRecover(digest, { v, r, s })).toBe(address);
    }
    // 300 signings in plain JavaScript take seconds on a busy machine; the count is the point, not the time.
  }, 30_000);

  test('agrees with jsRecover on garbage r and s, recovering something or nothing alike', () => {
    const random = seededRandom(TEST_SEED);
    const outcomes = { address: 0, none: 0 };
    for (let i = 0; i < 300; i++) {
      const digest = randomPrivateKey(random);
      const sig = { v: 27 + (i % 2), r: randomHash(random), s: randomHash(random) };
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
