import type { FastifyRateLimitStore } from '@fastify/rate-limit';

interface Window {
  current: number;
  startMs: number;
}

/**
 * Clients remembered per group, by count and by their keys' characters (a key that is not an IP address,
 * such as a forwarded header's junk, is as long as it was sent); the least recently seen are forgotten first.
 */
export const MAX_KEYS = 50_000;
export const MAX_KEY_BYTES = 4 * 1024 * 1024;

/**
 * The rate limiter's counter store, shared by every route with the same `groupId`. The plugin's own
 * store gives each route a fresh child, so routes that should share one budget (order and token
 * submissions across both order routes and every network) would each get a full one; here `child()`
 * hands every route of a group the same counters. Fixed windows per key, like the plugin's LocalStore.
 */
export class GroupedRateLimitStore implements FastifyRateLimitStore {
  private readonly windows = new Map<string, Window>();
  private readonly groups: Map<string, GroupedRateLimitStore>;
  /** The key set last into `windows` (its last entry, unless since evicted). */
  private lastKey: string | undefined;
  /** Characters of the keys in `windows`. */
  private keyBytes = 0;

  constructor(_options?: unknown, groups?: Map<string, GroupedRateLimitStore>) {
    this.groups = groups ?? new Map();
  }

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ): void {
    const now = Date.now();
    const known = this.windows.get(key);
    let window = known;
    if (!window || window.startMs + timeWindow <= now) window = { current: 0, startMs: now };
    window.current += 1;
    // Most recently seen last (unless it already is: the same client again).
    if (key !== this.lastKey || known !== window) {
      if (known === undefined) this.keyBytes += key.length;
      else this.windows.delete(key);
      this.windows.set(key, window);
      this.lastKey = key;
    }
    while (this.windows.size > MAX_KEYS || this.keyBytes > MAX_KEY_BYTES) {
      const oldest = this.windows.keys().next().value;
      if (oldest === undefined) break;
      this.windows.delete(oldest);
      this.keyBytes -= oldest.length;
    }
    callback(null, { current: window.current, ttl: window.startMs + timeWindow - now });
  }

  // Typed as route options, but the plugin passes the route's merged rate-limit settings (groupId included).
  child(routeOptions: object): GroupedRateLimitStore {
    const group = (routeOptions as { groupId?: unknown }).groupId;
    if (typeof group !== 'string') return new GroupedRateLimitStore(undefined, this.groups);
    let store = this.groups.get(group);
    if (!store) {
      store = new GroupedRateLimitStore(undefined, this.groups);
      this.groups.set(group, store);
    }
    return store;
  }
}
