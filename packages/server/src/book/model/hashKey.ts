/** Hex digits of a hash's `hashKey`: 28 bits, a small integer (Smi) on every V8 build. */
const HASH_KEY_DIGITS = 7;

/**
 * The value of the first HASH_KEY_DIGITS hex digits after `0x` of a hash as the relayer writes them (66
 * characters, lower-case hex), or -1 for any other text. On two such hashes, different keys order them
 * as their texts do (same length, and '0'-'9' < 'a'-'f' in code units as in value), so a tie between two
 * orders is mostly settled by one integer of the order, not by reading both hash strings.
 */
export function hashKey(hash: string): number {
  if (hash.length !== 66 || hash.charCodeAt(0) !== 48 || hash.charCodeAt(1) !== 120) return -1;
  let key = 0;
  for (let i = 2; i < 2 + HASH_KEY_DIGITS; i++) {
    const c = hash.charCodeAt(i);
    const digit = c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : -1;
    if (digit < 0) return -1;
    key = key * 16 + digit;
  }
  return key;
}
