import { bytesToHex } from '@noble/hashes/utils';

/** A `0x`-prefixed hex string (the wire form of hashes, signatures and addresses). */
export type Hex = `0x${string}`;

export function toHex(bytes: Uint8Array): Hex {
  return `0x${bytesToHex(bytes)}`;
}

/** Decodes `0x`-prefixed hex of exactly `length` bytes; throws on anything else. */
export function fromHex(hex: string, length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  writeHex(hex, length, bytes, 0);
  return bytes;
}

/** Each hex digit's value by char code (0-9, a-f, A-F), -1 for every other code below 128. */
const DIGITS = new Int8Array(128).fill(-1);
for (let i = 0; i < 16; i++) {
  DIGITS['0123456789abcdef'.charCodeAt(i)] = i;
  DIGITS['0123456789ABCDEF'.charCodeAt(i)] = i;
}

/**
 * `fromHex` into `target` at `offset`, without an intermediate array: the order hash and signature
 * recovery decode eight fields per submitted order this way (a table lookup per digit instead of a
 * regular expression, a slice and a new array per field). Throws the same RangeError on anything but
 * `0x` and exactly `2 * length` hex digits; `target` may then hold part of the bytes.
 */
export function writeHex(hex: string, length: number, target: Uint8Array, offset: number): void {
  if (hex.length !== 2 + 2 * length || hex.charCodeAt(0) !== 48 || hex.charCodeAt(1) !== 120) {
    throw new RangeError(`expected 0x-prefixed hex of ${length} bytes`);
  }
  for (let i = 0; i < length; i++) {
    const high = DIGITS[hex.charCodeAt(2 + 2 * i)] ?? -1;
    const low = DIGITS[hex.charCodeAt(3 + 2 * i)] ?? -1;
    if (high < 0 || low < 0) throw new RangeError(`expected 0x-prefixed hex of ${length} bytes`);
    target[offset + i] = (high << 4) | low;
  }
}

export const MAX_UINT256 = (1n << 256n) - 1n;

/** Big-endian 32-byte word, as Solidity packs a uint256. */
export function uint256ToBytes(value: bigint): Uint8Array {
  const bytes = new Uint8Array(32);
  writeUint256(value, bytes, 0);
  return bytes;
}

/** `uint256ToBytes` into `target` at `offset` (all 32 bytes written, leading zeros too). */
export function writeUint256(value: bigint, target: Uint8Array, offset: number): void {
  if (value < 0n || value > MAX_UINT256) throw new RangeError(`${value} is not a uint256`);
  const digits = value.toString(16);
  target.fill(0, offset, offset + 32);
  let at = offset + 31;
  let end = digits.length;
  for (; end >= 2; end -= 2) {
    target[at--] =
      ((DIGITS[digits.charCodeAt(end - 2)] as number) << 4) | (DIGITS[digits.charCodeAt(end - 1)] as number);
  }
  if (end === 1) target[at] = DIGITS[digits.charCodeAt(0)] as number;
}
