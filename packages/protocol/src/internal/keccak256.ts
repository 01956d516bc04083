import { keccak_256 } from '@noble/hashes/sha3';

/** Ethereum's Keccak-256 (the pre-standard padding, not NIST SHA3-256). */
export function keccak256(data: Uint8Array): Uint8Array {
  return keccak_256(data);
}
