/**
 * The advisory-lock key of one network's watcher leader: FNV-1a of a fixed prefix and the network key,
 * folded to a positive 31-bit integer so every driver passes it to `pg_try_advisory_lock` unchanged.
 */
export function watcherLockKey(networkKey: string): number {
  let hash = 0x811c9dc5;
  for (const char of `relayer-chain-watcher:${networkKey}`) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash & 0x7fffffff;
}
