import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FAKE_TOKENS } from '../test/helpers/fakeTokens.js';

type OfflineApp = Awaited<ReturnType<typeof import('../test/helpers/offlineApp.js').startOfflineApp>>;

/**
 * The relayer's app without a chain (`startOfflineApp`) as the checkout at `root` (a packages/server
 * directory: this one, or a base worktree for an A/B) builds it: production hooks, CORS for `origin`,
 * rate limits on but too high to refuse, two listed tokens and `orders` stored open orders, whose
 * hashes it returns. Not listening yet.
 */
export async function startOfflineAppFrom(
  root: string,
  { origin, orders }: { origin: string; orders: number },
): Promise<{ env: OfflineApp; hashes: string[] }> {
  const load = async <T>(path: string) => (await import(pathToFileURL(resolve(root, path)).href)) as T;
  const { startOfflineApp, offlineConfig, insertTokens } = await load<
    typeof import('../test/helpers/offlineApp.js')
  >('test/helpers/offlineApp.ts');
  // The tokens are the same constants in every tree; the fake orders are written by the tree's own helper.
  const { insertFakeOrders } = await load<typeof import('../test/helpers/fakeOrders.js')>(
    'test/helpers/fakeOrders.ts',
  );
  const env = await startOfflineApp({
    logLevel: 'warn',
    http: {
      ...offlineConfig().http,
      corsOrigins: [origin],
      readRateLimitPerMinute: 10_000_000,
      writeRateLimitPerMinute: 1_000_000,
    },
  });
  await insertTokens(env.db, 'main', FAKE_TOKENS.slice(0, 2));
  const hashes = await insertFakeOrders(
    env.db,
    'main',
    Array.from({ length: orders }, () => ({})),
  );
  env.resync();
  return { env, hashes };
}
