import { RelayerError } from '../errors/RelayerError';
import type { Hex } from '../internal/hex';
import type { SignatureParts } from './RecoverBackend';

export type SignatureLayout = 'vrs' | 'rsv';

/**
 * Splits a 65-byte `eth_sign` result in the given byte order. v below 27 (the 0/1 some clients return)
 * is lifted by 27, as `ethUtil.fromRpcSig` does; any other v is returned as is for the caller to judge.
 */
export function splitSignature(signature: Hex, layout: SignatureLayout): SignatureParts {
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) {
    throw new RelayerError(
      'INVALID_SIGNATURE',
      'A signature must be 65 bytes of hex (0x followed by 130 characters)',
    );
  }
  const hex = signature.slice(2).toLowerCase();
  const [vHex, rHex, sHex] =
    layout === 'vrs'
      ? [hex.slice(0, 2), hex.slice(2, 66), hex.slice(66)]
      : [hex.slice(128), hex.slice(0, 64), hex.slice(64, 128)];
  const v = Number.parseInt(vHex, 16);
  return { v: v < 27 ? v + 27 : v, r: `0x${rHex}`, s: `0x${sHex}` };
}
