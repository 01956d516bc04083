import { bytesToHex, hexToBytes } from '@noble/hashes/utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromHex, MAX_UINT256, uint256ToBytes, writeHex, writeUint256 } from './hex';

// The table-driven decoders against @noble/hashes' (what they replaced), and their refusals.

describe('fromHex / writeHex', () => {
  it('decodes any bytes written in either case, at any offset, touching nothing else', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 0, maxLength: 40 }),
        fc.boolean(),
        fc.nat(8),
        (bytes, upper, at) => {
          const digits = bytesToHex(bytes);
          const hex = `0x${upper ? digits.toUpperCase() : digits}`;
          expect(fromHex(hex, bytes.length)).toEqual(hexToBytes(digits));
          const target = new Uint8Array(at + bytes.length + 3).fill(0xee);
          writeHex(hex, bytes.length, target, at);
          expect(target.subarray(at, at + bytes.length)).toEqual(bytes);
          expect(
            [...target.subarray(0, at), ...target.subarray(at + bytes.length)].every((b) => b === 0xee),
          ).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it.each([
    ['no prefix', 'abcd'],
    ['a capital X', '0Xabcd'],
    ['one digit short', '0xabc'],
    ['one digit long', '0xabcde'],
    ['a non-digit', '0xabgd'],
    ['a digit past the table', '0xab\u0661d'],
    ['a space', '0xab d'],
    ['a sign', '0x-abc'],
  ])('refuses %s', (_, hex) => {
    expect(() => fromHex(hex, 2)).toThrow(RangeError);
  });
});

describe('uint256ToBytes / writeUint256', () => {
  it('writes the big-endian word of any uint256, leading zeros too', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.bigInt({ min: 0n, max: MAX_UINT256 }),
          fc.integer({ min: 0, max: 255 }).map((bits) => 1n << BigInt(bits)),
          fc.integer({ min: 0, max: 256 }).map((bits) => (1n << BigInt(bits)) - 1n),
        ),
        (value) => {
          const expected = hexToBytes(value.toString(16).padStart(64, '0'));
          expect(uint256ToBytes(value)).toEqual(expected);
          const target = new Uint8Array(40).fill(0xee);
          writeUint256(value, target, 4);
          expect(target.subarray(4, 36)).toEqual(expected);
          expect([...target.subarray(0, 4), ...target.subarray(36)]).toEqual(new Array(8).fill(0xee));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('refuses what is not a uint256', () => {
    expect(() => uint256ToBytes(-1n)).toThrow(RangeError);
    expect(() => uint256ToBytes(MAX_UINT256 + 1n)).toThrow(RangeError);
  });
});
