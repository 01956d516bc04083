import { secp256k1 } from '@noble/curves/secp256k1';
import { compactRecoverBackend } from './compactRecoverBackend';
import type { RecoverBackend } from './RecoverBackend';

/** Pure-JS recovery with noble: runs in the browser; the server prefers `nativeRecover` (~25x faster). */
export const jsRecover: RecoverBackend = compactRecoverBackend((compact, recoveryBit, digest) =>
  // fromCompact refuses r or s outside [1, n), where ecrecover also fails.
  secp256k1.Signature.fromCompact(compact)
    .addRecoveryBit(recoveryBit)
    .recoverPublicKey(digest)
    .toRawBytes(false),
);
