import { bytesToHex, hexToBytes } from '@noble/hashes/utils';

/** A `0x`-prefixed hex string (the wire form of hashes, signatures and addresses). */
export type Hex = `0x${string}`;

export function toHex(bytes: Uint8Array): Hex {
  return `0x${bytesToHex(bytes)}`;
}

/** Decodes `0x`-prefixed hex of exactly `length` bytes; throws on anything else. */
export function fromHex(hex: string, length: number): Uint8Array {
  if (!/^0x[0-9a-fA-F]*$/.test(hex) || hex.length !== 2 + 2 * length) {
    throw new RangeError(`expected 0x-prefixed hex of ${length} bytes`);
  }
  return hexToBytes(hex.slice(2));
}

export const MAX_UINT256 = (1n << 256n) - 1n;

/** Big-endian 32-byte word, as Solidity packs a uint256. */
export function uint256ToBytes(value: bigint): Uint8Array {
  if (value < 0n || value > MAX_UINT256) throw new RangeError(`${value} is not a uint256`);
  return hexToBytes(value.toString(16).padStart(64, '0'));
}
