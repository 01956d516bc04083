import type { Hex } from '../internal/hex';
import type { Address } from '../schemas/addressSchema';

/** v, r, s as parsed from a wallet signature; v is not yet known to be 27 or 28. */
export interface SignatureParts {
  v: number;
  r: Hex;
  s: Hex;
}

/**
 * Recovers the signer's lower-case address from a 32-byte digest, exactly as the `ecrecover` precompile
 * does (v must be 27 or 28; r and s in [1, n); high s accepted): `null` wherever ecrecover would fail.
 * Implementations: `jsRecover` (browser-safe) and `nativeRecover` from `@relayer/protocol/native` (server).
 */
export type RecoverBackend = (digest: Uint8Array, sig: SignatureParts) => Address | null;
