import { type Hex, writeHex } from '../internal/hex';
import { keccak256 } from '../internal/keccak256';

const PREFIX = new TextEncoder().encode('\x19Ethereum Signed Message:\n32');

/**
 * The digest a v1 maker actually signs: keccak256("\x19Ethereum Signed Message:\n32" ‖ orderHash),
 * i.e. `personal_sign`/`eth_sign` of the 32 raw hash bytes (PROTOCOL.md §3.1).
 */
export function personalMessageHash(hash: Hex): Uint8Array {
  const message = new Uint8Array(PREFIX.length + 32);
  message.set(PREFIX);
  writeHex(hash, 32, message, PREFIX.length);
  return keccak256(message);
}
