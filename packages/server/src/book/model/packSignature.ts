/**
 * Packs v, r and s (0x-prefixed 32-byte hex) as BookOrder keeps them: the 65 bytes as 130 lower-case
 * hex digits in one flat string (v's two first), so a page writes r and s as slices of it, with no
 * conversion per order (64 bytes more per order than the bytes themselves would take).
 */
export function packSignature(v: number, r: string, s: string): string {
  // From Node's shared pool: no scratch buffer of the module's own to keep between calls.
  const bytes = Buffer.allocUnsafe(65);
  bytes[0] = v;
  const written = bytes.write(r.slice(2) + s.slice(2), 1, 64, 'hex');
  return bytes.toString('hex', 0, 1 + written);
}

/** A lower-case hex digit's value. */
const nibble = (code: number): number => (code <= 57 ? code - 48 : code - 87);

export function signatureV(signature: string): number {
  return nibble(signature.charCodeAt(0)) * 16 + nibble(signature.charCodeAt(1));
}

export function signatureR(signature: string): string {
  return `0x${signature.slice(2, 66)}`;
}

export function signatureS(signature: string): string {
  return `0x${signature.slice(66)}`;
}
