import secp256k1 from 'secp256k1';
import { fromHex } from '../internal/hex';
import { publicKeyToAddress } from '../internal/publicKeyToAddress';
import type { RecoverBackend } from '../signature/RecoverBackend';

/**
 * libsecp256k1 recovery through the `secp256k1` package's prebuilt addon (Node only; the package falls
 * back to elliptic where the addon cannot load). Same contract as `jsRecover`, ~25x faster, which is
 * what the server needs when it re-validates many orders.
 */
export const nativeRecover: RecoverBackend = (digest, { v, r, s }) => {
  if (v !== 27 && v !== 28) return null;
  try {
    const compact = new Uint8Array(64);
    compact.set(fromHex(r, 32));
    compact.set(fromHex(s, 32), 32);
    return publicKeyToAddress(secp256k1.ecdsaRecover(compact, v - 27, digest, false));
  } catch {
    return null;
  }
};
