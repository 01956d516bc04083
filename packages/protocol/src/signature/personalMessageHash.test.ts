import { bytesToHex } from '@noble/hashes/utils';
import { describe, expect, test } from 'vitest';
import { vectors } from '../vectors/vectors';
import { personalMessageHash } from './personalMessageHash';

describe('personalMessageHash', () => {
  test('reproduces the prefixed digest of the official signature vector', () => {
    expect(`0x${bytesToHex(personalMessageHash(vectors.officialSignature.data))}`).toBe(
      vectors.officialSignature.prefixedDigest,
    );
  });

  test('hashes the 32 raw bytes, so the hex case does not matter', () => {
    const upper = vectors.officialSignature.data.toUpperCase().replace('0X', '0x') as `0x${string}`;
    expect(personalMessageHash(upper)).toEqual(personalMessageHash(vectors.officialSignature.data));
  });

  test('refuses anything but 32 bytes', () => {
    expect(() => personalMessageHash('0x1234')).toThrow(RangeError);
    expect(() => personalMessageHash(`${vectors.officialSignature.data}00`)).toThrow(RangeError);
  });
});
