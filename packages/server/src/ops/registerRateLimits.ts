import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { appendRouteHook } from './appendRouteHook.js';
import { GroupedRateLimitStore } from './GroupedRateLimitStore.js';

/** A route's `config.rateLimit` as `rateLimits()` writes it. */
interface RouteLimit {
  max: number;
  timeWindow: number;
  groupId?: string;
  keyGenerator: (request: FastifyRequest) => string;
}

/** Marks the hooks this registers, so a route's options never get one twice. */
const OURS = Symbol('relayer.rateLimit');

/**
 * Per-route rate limits: every route whose `config.rateLimit` is set (`rateLimits()`) counts each
 * request under the client's key and its group (`GroupedRateLimitStore`, fixed windows) in an
 * `onRequest` hook of its own, after the app's. Below the limit the answer carries
 * `x-ratelimit-limit`, `x-ratelimit-remaining` and `x-ratelimit-reset` (seconds left in the window);
 * over it, the same with `remaining` 0 and `retry-after`, and the request fails with a 429 that the
 * error handler answers as THROTTLED.
 *
 * What @fastify/rate-limit did with the options the relayer gives it (`global: false`, our store, no
 * ban, no allow list, the default header names), in a callback hook instead of an async one that
 * awaited the key, built the route's options (`request.routeOptions`) for its group and wrapped the
 * store's callback in a promise, a sizeable share of a cached read (bench/httpFloor.ts measures it).
 */
export function registerRateLimits(app: FastifyInstance): void {
  const root = new GroupedRateLimitStore();
  app.addHook('onRoute', (routeOptions) => {
    const limit = (routeOptions.config as { rateLimit?: RouteLimit } | undefined)?.rateLimit;
    if (limit == null) return;
    const { max, timeWindow, keyGenerator } = limit;
    const groupId = limit.groupId ?? '';
    const store = root.child(limit);
    const hook = (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
      let current = 0;
      let ttl = 0;
      store.incr(
        keyGenerator(request) + groupId,
        (_error, result) => {
          current = result?.current ?? 0;
          ttl = result?.ttl ?? 0;
        },
        timeWindow,
      );
      const reset = Math.ceil(ttl / 1000);
      reply.header('x-ratelimit-limit', max);
      if (current <= max) {
        reply.header('x-ratelimit-remaining', max - current);
        reply.header('x-ratelimit-reset', reset);
        done();
        return;
      }
      reply.header('x-ratelimit-remaining', 0);
      reply.header('x-ratelimit-reset', reset);
      reply.header('retry-after', reset);
      done(Object.assign(new Error(`Rate limit exceeded, retry in ${reset} s`), { statusCode: 429 }));
    };
    appendRouteHook(routeOptions, 'onRequest', OURS, hook);
  });
}
