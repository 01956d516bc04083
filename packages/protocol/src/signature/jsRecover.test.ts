import { describe, expect, test } from 'vitest';
import { randomSignedCases, recoverBackendCases } from '../../test/recoverCases';
import { jsRecover } from './jsRecover';

describe('jsRecover', () => {
  recoverBackendCases(jsRecover);

  test('recovers the signer of random keys’ signatures', () => {
    for (const { digest, v, r, s, address } of randomSignedCases(100)) {
      expect(jsRecover(digest, { v, r, s })).toBe(address);
    }
  });
});
