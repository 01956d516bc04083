import { keccak_256 } from '@noble/hashes/sha3';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';
import { describe, expect, test } from 'vitest';
import { keccak256 } from './keccak256';

const hex = (bytes: Uint8Array) => bytesToHex(bytes);

describe('keccak256', () => {
  test('hashes the well-known inputs to their published digests', () => {
    expect(hex(keccak256(new Uint8Array()))).toBe(
      'c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470',
    );
    expect(hex(keccak256(utf8ToBytes('abc')))).toBe(
      '4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45',
    );
  });

  test('agrees with @noble/hashes at every length around the 136-byte block boundaries', () => {
    for (let length = 0; length <= 3 * 136 + 1; length++) {
      const data = Uint8Array.from({ length }, (_, i) => (i * 131 + length * 7) & 0xff);
      expect(hex(keccak256(data)), `length ${length}`).toBe(hex(keccak_256(data)));
    }
  });

  test('hashes a view into a larger buffer by its own bytes only', () => {
    const buffer = Uint8Array.from({ length: 100 }, (_, i) => i);
    expect(hex(keccak256(buffer.subarray(10, 74)))).toBe(hex(keccak_256(buffer.slice(10, 74))));
  });
});
