/** Source addresses per /24: `.0` and `.255` are left out, as a network and a broadcast address would be. */
const PER_BLOCK = 254;
/** 127.0.0.x is left to everything else on the machine (the relayer listens on 127.0.0.1). */
const FIRST_BLOCK = 1;
const BLOCKS = 256 * 256 - FIRST_BLOCK;

/** How many distinct source addresses `loopbackAddress` gives. */
export const LOOPBACK_SOURCES = BLOCKS * PER_BLOCK;

/**
 * The `n`-th loopback source address (from 0), 127.0.1.1, 127.0.1.2, ... 127.0.1.254, 127.0.2.1, ...:
 * Linux routes all of 127.0.0.0/8 to the loopback interface, so a bench can open many sockets from
 * distinct client addresses, each within the relayer's per-address limits, without any other host.
 */
export function loopbackAddress(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n >= LOOPBACK_SOURCES)
    throw new RangeError(`loopback source ${n} is outside 0..${LOOPBACK_SOURCES - 1}`);
  const block = FIRST_BLOCK + Math.floor(n / PER_BLOCK);
  return `127.${block >> 8}.${block & 255}.${1 + (n % PER_BLOCK)}`;
}
