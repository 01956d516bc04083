/** 0x.js's salts lie in [0, 10^77]; staying inside that keeps ours indistinguishable to v1 tooling. */
export const SALT_LIMIT = 10n ** 77n;

/**
 * A uniformly random salt in [0, 10^77) from the platform CSPRNG (`globalThis.crypto`, present in
 * Node 20 and browsers). Any uint256 is valid on chain; the 10^77 bound matches 0x.js while keeping
 * ~255.8 bits of entropy. Rejection sampling (about 14 % of draws are redrawn) avoids the bias a modulo
 * would add.
 */
export function generateSalt(): bigint {
  const bytes = new Uint8Array(32);
  for (;;) {
    globalThis.crypto.getRandomValues(bytes);
    let value = 0n;
    for (const byte of bytes) value = (value << 8n) | BigInt(byte);
    if (value < SALT_LIMIT) return value;
  }
}
