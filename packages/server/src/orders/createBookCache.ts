/** Entries kept per network; the least recently used go first. */
const DEFAULT_MAX_ENTRIES = 5000;
/**
 * Longest an answer is served from memory. Every book change drops the network's answers at once (here
 * or, through NOTIFY, on every instance); this bounds how long one could be served stale should a change
 * ever go unnoticed (a notification lost before the connection was seen to fail).
 */
export const BOOK_CACHE_TTL_MS = 30_000;

export interface BookCacheOptions {
  maxEntries?: number;
  ttlMs?: number;
  /** Monotonic milliseconds. */
  now?: () => number;
}

export interface BookCache {
  /**
   * The value cached under `key` for the network's current book, computing it on a miss. Concurrent
   * misses of one key share one computation. A value computed while the book changed is returned to
   * its callers but not kept.
   */
  get<T>(network: string, key: string, compute: () => Promise<T>): Promise<T>;
  /** The cached value under `key`, if any (no computation). */
  peek<T>(network: string, key: string): T | undefined;
  /** Which state of the network's book cached values belong to; changes on every invalidation. */
  generation(network: string): number;
  /** Caches a value computed for book state `generation` (an alias key of a value `get` produced), unless the book has moved on since. */
  set(network: string, key: string, value: unknown, generation: number): void;
  /**
   * Whether an answer that is cheap to make again (a page of the read model) is worth keeping: true
   * from the second time `key` is asked since the network's book last changed. Distinct pages asked
   * once each (a client walking the book) are then never kept: kept, each would be copied into the
   * old generation only to be dropped, which is what makes major garbage collections (the p99).
   */
  admit(network: string, key: string): boolean;
  /** The network's book changed: drop everything derived from it. */
  invalidate(network: string): void;
}

interface NetworkEntries {
  generation: number;
  values: Map<string, { value: unknown; at: number }>;
  pending: Map<string, Promise<unknown>>;
  /** Keys asked once since the last invalidation (`admit`), up to `maxEntries`. */
  seen: Set<string>;
}

/**
 * Read answers derived from the order book (pages, totals, SRA lists), per network, invalidated by
 * every BookEvent of that network (local or relayed from other instances) and by a resync, and never
 * older than `ttlMs`. This is what keeps the
 * order list fast at scale: PGlite runs on the event loop, so repeated identical reads must not reach it.
 */
export function createBookCache(options: BookCacheOptions = {}): BookCache {
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const ttlMs = options.ttlMs ?? BOOK_CACHE_TTL_MS;
  const now = options.now ?? (() => performance.now());
  const networks = new Map<string, NetworkEntries>();
  const entriesOf = (network: string): NetworkEntries => {
    let entries = networks.get(network);
    if (!entries) {
      entries = { generation: 0, values: new Map(), pending: new Map(), seen: new Set() };
      networks.set(network, entries);
    }
    return entries;
  };

  /** The live entry under `key`; an expired one is dropped. */
  const fresh = (entries: NetworkEntries, key: string) => {
    const entry = entries.values.get(key);
    if (entry && now() - entry.at > ttlMs) {
      entries.values.delete(key);
      return undefined;
    }
    return entry;
  };
  const store = (entries: NetworkEntries, key: string, value: unknown) => {
    entries.values.set(key, { value, at: now() });
    if (entries.values.size > maxEntries) {
      const oldest = entries.values.keys().next().value;
      if (oldest !== undefined) entries.values.delete(oldest);
    }
  };

  return {
    get<T>(network: string, key: string, compute: () => Promise<T>): Promise<T> {
      const entries = entriesOf(network);
      const hit = fresh(entries, key);
      if (hit) {
        // Map order is recency order: move the hit to the end.
        entries.values.delete(key);
        entries.values.set(key, hit);
        return Promise.resolve(hit.value as T);
      }
      const pending = entries.pending.get(key);
      if (pending) return pending as Promise<T>;
      const generation = entries.generation;
      const started = compute().then(
        (value) => {
          if (entries.generation === generation) {
            entries.pending.delete(key);
            store(entries, key, value);
          }
          return value;
        },
        (error: unknown) => {
          if (entries.generation === generation) entries.pending.delete(key);
          throw error;
        },
      );
      entries.pending.set(key, started);
      return started;
    },
    peek<T>(network: string, key: string): T | undefined {
      const entries = networks.get(network);
      return entries ? (fresh(entries, key)?.value as T | undefined) : undefined;
    },
    generation(network) {
      return entriesOf(network).generation;
    },
    set(network, key, value, generation) {
      const entries = entriesOf(network);
      if (entries.generation !== generation) return;
      store(entries, key, value);
    },
    admit(network, key) {
      const { seen } = entriesOf(network);
      if (seen.has(key)) return true;
      // Forgetting every key at once when full only delays keeping a popular page by one more miss.
      if (seen.size >= maxEntries) seen.clear();
      seen.add(key);
      return false;
    },
    invalidate(network) {
      const entries = entriesOf(network);
      entries.generation += 1;
      // Every accepted order invalidates (three times: its bus event, the read model's change and the
      // submission); clearing an empty Map still allocates it a new table, so only what holds anything is.
      if (entries.values.size > 0) entries.values.clear();
      if (entries.pending.size > 0) entries.pending.clear();
      if (entries.seen.size > 0) entries.seen.clear();
    },
  };
}
