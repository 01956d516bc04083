import type { Hex } from '../internal/hex';
import type { Address } from '../schemas/addressSchema';
import { jsRecover } from './jsRecover';
import { personalMessageHash } from './personalMessageHash';
import type { RecoverBackend, SignatureParts } from './RecoverBackend';

/** The address that signed `orderHash` under the v1 prefix, or null when the signature recovers nothing. */
export function recoverSigner(
  orderHash: Hex,
  ecSignature: SignatureParts,
  backend: RecoverBackend = jsRecover,
): Address | null {
  return backend(personalMessageHash(orderHash), ecSignature);
}
