import { keccakF1600 } from './keccakF1600';

/** Keccak-256 absorbs 136 bytes per permutation (1600 bits of state less twice the 256-bit output). */
const RATE = 136;

/**
 * Ethereum's Keccak-256 (the pre-standard padding, not NIST SHA3-256). Hand-written rather than
 * @noble/hashes' (which the tests compare it with) because the relayer hashes every order it accepts
 * several times, and this form, working on 32-bit halves without allocating, makes keccak a small share
 * of an accepted order's CPU instead of a visible one (the relayer bench's submission figures).
 */
export function keccak256(data: Uint8Array): Uint8Array {
  const state = new Int32Array(50);
  const length = data.length;
  let offset = 0;
  for (; offset + RATE <= length; offset += RATE) {
    for (let i = 0; i < RATE; i++) xorByte(state, i, data[offset + i] as number);
    keccakF1600(state);
  }
  const rest = length - offset;
  for (let i = 0; i < rest; i++) xorByte(state, i, data[offset + i] as number);
  // Keccak's multi-rate padding: 0x01 after the message, 0x80 in the block's last byte (may be the same byte).
  xorByte(state, rest, 0x01);
  xorByte(state, RATE - 1, 0x80);
  keccakF1600(state);
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = (state[i >> 2] as number) >>> ((i & 3) << 3);
  return out;
}

/** Byte i of a block xors into half i >> 2 of the state at bit 8 * (i & 3) (lanes are little-endian). */
function xorByte(state: Int32Array, i: number, byte: number): void {
  const half = i >> 2;
  state[half] = (state[half] as number) ^ (byte << ((i & 3) << 3));
}
