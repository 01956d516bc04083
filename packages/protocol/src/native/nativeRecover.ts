import secp256k1 from 'secp256k1';
import { compactRecoverBackend } from '../signature/compactRecoverBackend';
import type { RecoverBackend } from '../signature/RecoverBackend';

/**
 * libsecp256k1 recovery through the `secp256k1` package's prebuilt addon (Node only; the package falls
 * back to elliptic where the addon cannot load). Same contract as `jsRecover`, an order of magnitude
 * faster (native code against JavaScript bigints), which is what the server needs when it re-validates
 * many orders.
 */
export const nativeRecover: RecoverBackend = compactRecoverBackend((compact, recoveryBit, digest) =>
  secp256k1.ecdsaRecover(compact, recoveryBit, digest, false),
);
