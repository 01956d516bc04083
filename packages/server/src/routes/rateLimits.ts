import type { RateLimitOptions } from '@fastify/rate-limit';
import type { Config } from '../config.js';
import { clientAddressKey } from '../ops/clientAddressKey.js';

/** Reads per quote in the per-minute budgets. */
const QUOTE_SHARE = 20;

type RouteLimit = { rateLimit?: RateLimitOptions };

/**
 * Per-route `config.rateLimit` for @fastify/rate-limit, per client address: an IPv4 address, or an IPv6
 * /64 (`clientAddressKey`). Order and token submissions share one write budget over every route and
 * network; pageviews get their own so page navigation never eats into it; reads another (the groups
 * share counters through `GroupedRateLimitStore`). Quotes read the chain for every request, so they
 * get a budget of their own, a twentieth of the reads'.
 */
export function rateLimits(http: Config['http']) {
  const limit = (max: number, groupId: string): RouteLimit =>
    max > 0
      ? {
          rateLimit: {
            max,
            timeWindow: 60_000,
            groupId,
            keyGenerator: (request) => clientAddressKey(request.ip),
          },
        }
      : {};
  return {
    write: limit(http.writeRateLimitPerMinute, 'writes'),
    analytics: limit(http.writeRateLimitPerMinute, 'analytics'),
    read: limit(http.readRateLimitPerMinute, 'reads'),
    quote: limit(Math.ceil(http.readRateLimitPerMinute / QUOTE_SHARE), 'quotes'),
  };
}
