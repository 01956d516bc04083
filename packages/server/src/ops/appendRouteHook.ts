import type { onRequestHookHandler, onResponseHookHandler, RouteOptions } from 'fastify';

/**
 * Puts `hook` last among a route's own `onRequest` or `onResponse` hooks, in place of any hook an
 * earlier call put there under the same `mark` (so a route's options never get one twice). What the
 * app's `onRoute` hooks use to give each route a hook of its own, made for that route.
 */
export function appendRouteHook(
  routeOptions: RouteOptions,
  name: 'onRequest' | 'onResponse',
  mark: symbol,
  hook: onRequestHookHandler | onResponseHookHandler,
): void {
  const own = routeOptions[name] as unknown;
  const list = (own === undefined ? [] : Array.isArray(own) ? own : [own]).filter(
    (h) => !(h as Record<symbol, unknown>)[mark],
  );
  (routeOptions as unknown as Record<string, unknown>)[name] = [
    ...list,
    Object.assign(hook as object, { [mark]: true }),
  ];
}
