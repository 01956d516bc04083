import type { FastifyRateLimitStore } from '@fastify/rate-limit';

interface Window {
  current: number;
  startMs: number;
}

/** Clients remembered per group; the least recently seen are forgotten first. */
const MAX_KEYS = 50_000;

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

  constructor(_options?: unknown, groups?: Map<string, GroupedRateLimitStore>) {
    this.groups = groups ?? new Map();
  }

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ): void {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.startMs + timeWindow <= now) window = { current: 0, startMs: now };
    window.current += 1;
    // Most recently seen last (unless it already is: the same client again).
    if (key !== this.lastKey || this.windows.get(key) !== window) {
      this.windows.delete(key);
      this.windows.set(key, window);
      this.lastKey = key;
    }
    if (this.windows.size > MAX_KEYS) {
      const oldest = this.windows.keys().next().value;
      if (oldest !== undefined) this.windows.delete(oldest);
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
