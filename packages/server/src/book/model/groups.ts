/** Adds `value` to the group of `key`, made when it is the first. */
export function addTo<K, V>(groups: Map<K, Set<V>>, key: K, value: V): void {
  let group = groups.get(key);
  if (!group) {
    group = new Set();
    groups.set(key, group);
  }
  group.add(value);
}

/** Removes `value` from the group of `key`, dropped when it is the last. */
export function deleteFrom<K, V>(groups: Map<K, Set<V>>, key: K, value: V): void {
  const group = groups.get(key);
  if (!group) return;
  group.delete(value);
  if (group.size === 0) groups.delete(key);
}

/** Adds `by` to the count of `key`; a count of zero is dropped. */
export function increment(counts: Map<string, number>, key: string, by: number): void {
  const next = (counts.get(key) ?? 0) + by;
  if (next === 0) counts.delete(key);
  else counts.set(key, next);
}
