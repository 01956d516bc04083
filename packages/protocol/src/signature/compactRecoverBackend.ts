import { writeHex } from '../internal/hex';
import { publicKeyToAddress } from '../internal/publicKeyToAddress';
import type { RecoverBackend } from './RecoverBackend';

/**
 * A secp256k1 library's recovery as a RecoverBackend: the parts become the 64-byte compact signature and
 * the recovery bit the library takes; v other than 27/28, and anything the library refuses (r or s outside
 * [1, n), no point), recover nothing, as ecrecover fails there.
 */
export function compactRecoverBackend(
  recoverPublicKey: (compact: Uint8Array, recoveryBit: 0 | 1, digest: Uint8Array) => Uint8Array,
): RecoverBackend {
  return (digest, { v, r, s }) => {
    if (v !== 27 && v !== 28) return null;
    try {
      const compact = new Uint8Array(64);
      writeHex(r, 32, compact, 0);
      writeHex(s, 32, compact, 32);
      return publicKeyToAddress(recoverPublicKey(compact, v === 27 ? 0 : 1, digest));
    } catch {
      return null;
    }
  };
}
