import type { Address } from '../schemas/addressSchema';
import { toHex } from './hex';
import { keccak256 } from './keccak256';

/** Ethereum address of an uncompressed (65-byte, 0x04-prefixed) secp256k1 public key: last 20 bytes of its Keccak. */
export function publicKeyToAddress(uncompressed: Uint8Array): Address {
  if (uncompressed.length !== 65 || uncompressed[0] !== 4)
    throw new RangeError('expected an uncompressed public key');
  return toHex(keccak256(uncompressed.subarray(1)).subarray(12));
}
