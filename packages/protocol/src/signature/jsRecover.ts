import { secp256k1 } from '@noble/curves/secp256k1';
import { fromHex } from '../internal/hex';
import { publicKeyToAddress } from '../internal/publicKeyToAddress';
import type { RecoverBackend } from './RecoverBackend';

/** Pure-JS recovery with noble: runs in the browser; the server prefers `nativeRecover` (~25x faster). */
export const jsRecover: RecoverBackend = (digest, { v, r, s }) => {
  if (v !== 27 && v !== 28) return null;
  try {
    const compact = new Uint8Array(64);
    compact.set(fromHex(r, 32));
    compact.set(fromHex(s, 32), 32);
    // fromCompact refuses r or s outside [1, n), where ecrecover also fails.
    const point = secp256k1.Signature.fromCompact(compact)
      .addRecoveryBit(v - 27)
      .recoverPublicKey(digest);
    return publicKeyToAddress(point.toRawBytes(false));
  } catch {
    return null;
  }
};
