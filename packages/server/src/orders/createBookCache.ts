/** Entries kept per network; the least recently used go first. */
const DEFAULT_MAX_ENTRIES = 5000;

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
  /** The network's book changed: drop everything derived from it. */
  invalidate(network: string): void;
}

interface NetworkEntries {
  generation: number;
  values: Map<string, unknown>;
  pending: Map<string, Promise<unknown>>;
}

/**
 * Read answers derived from the order book (pages, totals, SRA lists), per network, invalidated by
 * every BookEvent of that network (local or relayed from other instances). This is what keeps the
 * order list fast at scale: PGlite runs on the event loop, so repeated identical reads must not reach it.
 */
export function createBookCache(maxEntries = DEFAULT_MAX_ENTRIES): BookCache {
  const networks = new Map<string, NetworkEntries>();
  const entriesOf = (network: string): NetworkEntries => {
    let entries = networks.get(network);
    if (!entries) {
      entries = { generation: 0, values: new Map(), pending: new Map() };
      networks.set(network, entries);
    }
    return entries;
  };

  return {
    get<T>(network: string, key: string, compute: () => Promise<T>): Promise<T> {
      const entries = entriesOf(network);
      if (entries.values.has(key)) {
        const value = entries.values.get(key) as T;
        // Map order is recency order: move the hit to the end.
        entries.values.delete(key);
        entries.values.set(key, value);
        return Promise.resolve(value);
      }
      const pending = entries.pending.get(key);
      if (pending) return pending as Promise<T>;
      const generation = entries.generation;
      const started = compute().then(
        (value) => {
          if (entries.generation === generation) {
            entries.pending.delete(key);
            entries.values.set(key, value);
            if (entries.values.size > maxEntries) {
              const oldest = entries.values.keys().next().value;
              if (oldest !== undefined) entries.values.delete(oldest);
            }
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
      return networks.get(network)?.values.get(key) as T | undefined;
    },
    generation(network) {
      return entriesOf(network).generation;
    },
    set(network, key, value, generation) {
      const entries = entriesOf(network);
      if (entries.generation !== generation) return;
      entries.values.set(key, value);
      if (entries.values.size > maxEntries) {
        const oldest = entries.values.keys().next().value;
        if (oldest !== undefined) entries.values.delete(oldest);
      }
    },
    invalidate(network) {
      const entries = entriesOf(network);
      entries.generation += 1;
      entries.values.clear();
      entries.pending.clear();
    },
  };
}
