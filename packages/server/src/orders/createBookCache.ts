import { cachedBytes, ENTRY_OVERHEAD_BYTES } from './cachedBytes.js';

/** Bytes of answers kept over every network of the process; the least recently used go first. */
export const DEFAULT_CACHE_BYTES = 32 * 1024 * 1024;
/** The largest single answer kept: bigger ones are served but made again each time. */
const MAX_ENTRY_BYTES = 1024 * 1024;
/** Keys `admit` remembers per network, by count and by their characters; past either it starts again. */
const MAX_SEEN_KEYS = 10_000;
const MAX_SEEN_BYTES = 1024 * 1024;
/**
 * Longest an answer is served from memory. Every book change drops the network's answers at once (here
 * or, through NOTIFY, on every instance); this bounds how long one could be served stale should a change
 * ever go unnoticed (a notification lost before the connection was seen to fail).
 */
export const BOOK_CACHE_TTL_MS = 30_000;

export interface BookCacheOptions {
  /** Budget of the whole cache (every network), in bytes as `cachedBytes` counts them. */
  maxBytes?: number;
  /** Largest entry kept; defaults to 1 MiB or an eighth of `maxBytes`, whichever is smaller. */
  maxEntryBytes?: number;
  maxSeenKeys?: number;
  maxSeenBytes?: number;
  ttlMs?: number;
  /** Monotonic milliseconds. */
  now?: () => number;
}

/** What the cache holds now, as it counts it. */
export interface BookCacheStats {
  bytes: number;
  entries: number;
  seenKeys: number;
  seenBytes: number;
}

export interface BookCache {
  /**
   * The value cached under `key` for the network's current book, computing it on a miss. Concurrent
   * misses of one key share one computation. A value computed while the book changed is returned to
   * its callers but not kept.
   */
  get<T>(network: string, key: string, compute: () => Promise<T>): Promise<T>;
  /** The cached value under `key` or under the alias `key`, if any (no computation). */
  peek<T>(network: string, key: string): T | undefined;
  /** Which state of the network's book cached values belong to; changes on every invalidation. */
  generation(network: string): number;
  /** Caches a value computed for book state `generation`, unless the book has moved on since. */
  set(network: string, key: string, value: unknown, generation: number): void;
  /**
   * Makes `alias` (a raw URL) answer what `key` (its parsed, canonical query) holds, so a repeated URL is
   * answered without parsing it again. An alias costs its own key, never a copy of the answer, and
   * answers nothing once its target is gone.
   */
  alias(network: string, alias: string, key: string, generation: number): void;
  /**
   * Whether an answer that is cheap to make again (a page of the read model) is worth keeping: true
   * from the second time `key` is asked since the network's book last changed. Distinct pages asked
   * once each (a client walking the book) are then never kept: kept, each would be copied into the
   * old generation only to be dropped, which is what makes major garbage collections (the p99).
   */
  admit(network: string, key: string): boolean;
  /** The network's book changed: drop everything derived from it. */
  invalidate(network: string): void;
  stats(): BookCacheStats;
}

interface Entry {
  /** Undefined for an alias. */
  value: unknown;
  /** The canonical key an alias stands for. */
  target: string | undefined;
  bytes: number;
  /** When it was stored (for the lifetime) and last used (for eviction across networks). */
  at: number;
  used: number;
}

interface NetworkEntries {
  generation: number;
  /** In recency order: the least recently used first. */
  values: Map<string, Entry>;
  bytes: number;
  pending: Map<string, Promise<unknown>>;
  /** Keys asked once since the last invalidation (`admit`), and their characters. */
  seen: Set<string>;
  seenBytes: number;
}

/**
 * Read answers derived from the order book (pages, totals, SRA lists), per network, invalidated by
 * every BookEvent of that network (local or relayed from other instances) and by a resync, and never
 * older than `ttlMs`. This is what keeps the order list fast at scale: PGlite runs on the event loop,
 * so repeated identical reads must not reach it. Its memory is a byte budget over all networks, so no
 * mix of distinct queries can grow it past `maxBytes` (docs/RELIABILITY.md, "Bounded costs").
 */
export function createBookCache(options: BookCacheOptions = {}): BookCache {
  const maxBytes = options.maxBytes ?? DEFAULT_CACHE_BYTES;
  const maxEntryBytes = options.maxEntryBytes ?? Math.min(MAX_ENTRY_BYTES, Math.floor(maxBytes / 8));
  const maxSeenKeys = options.maxSeenKeys ?? MAX_SEEN_KEYS;
  const maxSeenBytes = options.maxSeenBytes ?? MAX_SEEN_BYTES;
  const ttlMs = options.ttlMs ?? BOOK_CACHE_TTL_MS;
  const now = options.now ?? (() => performance.now());
  const networks = new Map<string, NetworkEntries>();
  let bytes = 0;
  /** Use order over every network, for choosing which network gives up its least recently used entry. */
  let tick = 0;
  const entriesOf = (network: string): NetworkEntries => {
    let entries = networks.get(network);
    if (!entries) {
      entries = {
        generation: 0,
        values: new Map(),
        bytes: 0,
        pending: new Map(),
        seen: new Set(),
        seenBytes: 0,
      };
      networks.set(network, entries);
    }
    return entries;
  };
  const drop = (entries: NetworkEntries, key: string, entry: Entry) => {
    entries.values.delete(key);
    entries.bytes -= entry.bytes;
    bytes -= entry.bytes;
  };
  /** The live entry under `key`, moved to the recent end; an expired one is dropped. */
  const use = (entries: NetworkEntries, key: string): Entry | undefined => {
    const entry = entries.values.get(key);
    if (!entry) return undefined;
    if (now() - entry.at > ttlMs) {
      drop(entries, key, entry);
      return undefined;
    }
    entry.used = ++tick;
    entries.values.delete(key);
    entries.values.set(key, entry);
    return entry;
  };
  /** The value under `key`, following an alias to its target. */
  const lookUp = (entries: NetworkEntries, key: string): unknown => {
    const entry = use(entries, key);
    if (!entry || entry.target === undefined) return entry?.value;
    const target = use(entries, entry.target);
    if (target) return target.value;
    drop(entries, key, entry);
    return undefined;
  };
  const evict = () => {
    while (bytes > maxBytes) {
      let oldest: { entries: NetworkEntries; key: string; entry: Entry } | undefined;
      for (const entries of networks.values()) {
        const first = entries.values.entries().next().value;
        if (first && (!oldest || first[1].used < oldest.entry.used)) {
          oldest = { entries, key: first[0], entry: first[1] };
        }
      }
      if (!oldest) return;
      drop(oldest.entries, oldest.key, oldest.entry);
    }
  };
  const store = (entries: NetworkEntries, key: string, value: unknown, target?: string) => {
    const size =
      ENTRY_OVERHEAD_BYTES + key.length + (target === undefined ? cachedBytes(value) : target.length);
    if (size > maxEntryBytes) return;
    const previous = entries.values.get(key);
    if (previous) drop(entries, key, previous);
    entries.values.set(key, { value, target, bytes: size, at: now(), used: ++tick });
    entries.bytes += size;
    bytes += size;
    if (bytes > maxBytes) evict();
  };

  return {
    get<T>(network: string, key: string, compute: () => Promise<T>): Promise<T> {
      const entries = entriesOf(network);
      const hit = use(entries, key);
      if (hit && hit.target === undefined) return Promise.resolve(hit.value as T);
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
      return entries ? (lookUp(entries, key) as T | undefined) : undefined;
    },
    generation(network) {
      return entriesOf(network).generation;
    },
    set(network, key, value, generation) {
      const entries = entriesOf(network);
      if (entries.generation !== generation) return;
      store(entries, key, value);
    },
    alias(network, alias, key, generation) {
      const entries = entriesOf(network);
      if (entries.generation !== generation || alias === key) return;
      const target = entries.values.get(key);
      if (target === undefined || target.target !== undefined) return;
      store(entries, alias, undefined, key);
    },
    admit(network, key) {
      const entries = entriesOf(network);
      if (entries.seen.has(key)) return true;
      // Forgetting every key at once when full only delays keeping a popular page by one more miss.
      if (entries.seen.size >= maxSeenKeys || entries.seenBytes + key.length > maxSeenBytes) {
        entries.seen.clear();
        entries.seenBytes = 0;
      }
      entries.seen.add(key);
      entries.seenBytes += key.length;
      return false;
    },
    invalidate(network) {
      const entries = entriesOf(network);
      entries.generation += 1;
      bytes -= entries.bytes;
      entries.bytes = 0;
      // Every accepted order invalidates (three times: its bus event, the read model's change and the
      // submission); clearing an empty Map still allocates it a new table, so only what holds anything is.
      if (entries.values.size > 0) entries.values.clear();
      if (entries.pending.size > 0) entries.pending.clear();
      if (entries.seen.size > 0) {
        entries.seen.clear();
        entries.seenBytes = 0;
      }
    },
    stats() {
      let entries = 0;
      let seenKeys = 0;
      let seenBytes = 0;
      for (const network of networks.values()) {
        entries += network.values.size;
        seenKeys += network.seen.size;
        seenBytes += network.seenBytes;
      }
      return { bytes, entries, seenKeys, seenBytes };
    },
  };
}
