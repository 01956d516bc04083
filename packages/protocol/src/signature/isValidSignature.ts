import type { Hex } from '../internal/hex';
import { NULL_ADDRESS } from '../schemas/addressSchema';
import { jsRecover } from './jsRecover';
import type { RecoverBackend, SignatureParts } from './RecoverBackend';
import { recoverSigner } from './recoverSigner';

/**
 * 0x.js's off-chain check (PROTOCOL.md §3.3): prefixed recovery, lower-case comparison, false on any
 * exception. Stricter than the contract in one way: a zero signer is never valid, because ecrecover's
 * failure value is the zero address and an order "made" by 0x0 would otherwise verify with garbage.
 */
export function isValidSignature(
  orderHash: Hex,
  ecSignature: SignatureParts,
  signer: string,
  backend: RecoverBackend = jsRecover,
): boolean {
  try {
    const expected = signer.toLowerCase();
    if (expected === NULL_ADDRESS) return false;
    const recovered = recoverSigner(orderHash, ecSignature, backend);
    return recovered !== null && recovered !== NULL_ADDRESS && recovered === expected;
  } catch {
    return false;
  }
}
