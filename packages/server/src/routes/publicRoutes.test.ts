import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { startOfflineApp } from '../../test/helpers/offlineApp.js';

// The one public port (deploy/Caddyfile, run by compose.yaml and `npm run stack`) sends the paths of its
// `@relayer` matcher to the relayers and everything else to the web app: a route missing there would be
// answered by the web app's "not found" page instead.
const caddyfile = readFileSync(new URL('../../../../deploy/Caddyfile', import.meta.url), 'utf8');

test('every route the relayer serves, on both networks, is routed to the relayers by the Caddyfile', async () => {
  const patterns = /^\s*@relayer path (.+)$/m.exec(caddyfile)?.[1]?.trim().split(/\s+/) ?? [];
  expect(patterns.length).toBeGreaterThan(10);
  // Caddy's path matcher: a `*` only at the end is a prefix; elsewhere each `*` is one path segment.
  const matches = (pattern: string, path: string) =>
    pattern.indexOf('*') === pattern.length - 1
      ? path.startsWith(pattern.slice(0, -1))
      : new RegExp(`^${pattern.split('*').map(escapeRegExp).join('[^/]*')}$`).test(path);
  const routed = (path: string) => patterns.some((p) => matches(p, path));
  const env = await startOfflineApp();
  try {
    const paths = routePaths(env.app.printRoutes({ commonPrefix: false }));
    expect(paths).toContain('/v0/ws');
    expect(paths).toContain('/kovan/order/x');
    expect(paths.filter((path) => !routed(path))).toEqual([]);
    // The web app keeps its own pages and files.
    for (const path of [
      '/',
      '/coins/zrx/overview',
      '/markets',
      '/markets/0xaa/0xbb',
      '/orders/0xcc',
      '/my/orders',
      '/config.json',
      '/assets/index.js',
      '/favicon.ico',
    ]) {
      expect(routed(path), path).toBe(false);
    }
  } finally {
    await env.close();
  }
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The concrete paths of Fastify's route tree (`printRoutes`), parameters and wildcards filled in; the
 * CORS preflight answered for every path (`* (OPTIONS)`) is not a route of its own.
 */
function routePaths(tree: string): string[] {
  const stack: string[] = [];
  const paths: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+) \(([^)]*)\)$/.exec(line);
    if (!match) continue;
    const depth = (match[1] as string).length / 4;
    const segment = (match[2] as string).replace(/:\w+/g, 'x').replace(/\*/g, '/x');
    stack.length = depth;
    stack.push(segment);
    if (match[3] === 'OPTIONS' && segment === '/x') continue;
    paths.push(stack.join(''));
  }
  return paths;
}
