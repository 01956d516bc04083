import { RelayerError } from '../errors/RelayerError';
import type { Hex } from '../internal/hex';
import type { ECSignature } from '../schemas/ecSignatureSchema';
import { isValidSignature } from './isValidSignature';
import { jsRecover } from './jsRecover';
import type { RecoverBackend } from './RecoverBackend';
import { splitSignature } from './splitSignature';

/**
 * Turns a wallet's 65-byte signature of `orderHash` into `ecSignature`, the way 0x.js did
 * (PROTOCOL.md §3.4): wallets disagreed on byte order, so try V‖R‖S first, then R‖S‖V, and keep the one
 * that verifies against `signer`. Throws `INVALID_SIGNATURE` when neither does.
 */
export function parseSignature(
  signature: Hex,
  orderHash: Hex,
  signer: string,
  backend: RecoverBackend = jsRecover,
): ECSignature {
  for (const layout of ['vrs', 'rsv'] as const) {
    const { v, r, s } = splitSignature(signature, layout);
    if ((v === 27 || v === 28) && isValidSignature(orderHash, { v, r, s }, signer, backend))
      return { v, r, s };
  }
  throw new RelayerError(
    'INVALID_SIGNATURE',
    `The signature was not made by ${signer.toLowerCase()} for this order`,
  );
}
