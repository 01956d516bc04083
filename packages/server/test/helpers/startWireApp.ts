import { afterAll } from 'vitest';
import { type FakeOrder, insertFakeOrders } from './fakeOrders.js';
import { FAKE_TOKENS } from './fakeTokens.js';
import { insertTokens, offlineConfig, startOfflineApp } from './offlineApp.js';
import { listenOnFreePort } from './rawHttp.js';

/** The web app's origin the wire tests' app allows (CORS). */
export const WEB_APP = 'https://relayer.example';

/**
 * The offline app as the wire tests read it from a socket: production hooks, CORS for WEB_APP, a 4 KiB
 * body limit, writes limited to `writesPerMinute`, two listed tokens and `orders` stored; listening on
 * a free port, and closed after the file's tests. Call it in a beforeAll.
 */
export async function startWireApp({
  writesPerMinute,
  orders,
}: {
  writesPerMinute: number;
  orders: FakeOrder[];
}) {
  const env = await startOfflineApp({
    http: {
      ...offlineConfig().http,
      corsOrigins: [WEB_APP],
      readRateLimitPerMinute: 1000,
      writeRateLimitPerMinute: writesPerMinute,
    },
    orders: { ...offlineConfig().orders, bodyLimitBytes: 4096 },
  });
  afterAll(async () => {
    await env.close();
  });
  await insertTokens(env.db, 'main', FAKE_TOKENS.slice(0, 2));
  const hashes = await insertFakeOrders(env.db, 'main', orders);
  env.resync();
  return { env, hashes, port: await listenOnFreePort(env.app) };
}
