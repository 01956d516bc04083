import { describe, expect, test } from 'vitest';
import { seededRandom } from '../../test/helpers';
import { randomSignedCases, recoverBackendCases } from '../../test/recoverCases';
import { TEST_SEED } from '../../test/testSeed';
import { jsRecover } from './jsRecover';

describe('jsRecover', () => {
  recoverBackendCases(jsRecover);

  test('recovers the signer of random keys’ signatures', () => {
    for (const { digest, v, r, s, address } of randomSignedCases(100, seededRandom(TEST_SEED))) {
      expect(jsRecover(digest, { v, r, s })).toBe(address);
    }
  });
});
