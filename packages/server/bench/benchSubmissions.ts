import { createSignedOrder, type DevChain } from '@relayer/devchain';
import type { SignedOrder } from '@relayer/protocol';
import type { Config } from '../src/config.js';
import { networkFor } from '../test/helpers/networkFor.js';
import { benchConfig, waitForTokens } from './benchConfig.js';
import { closedLoop } from './closedLoop.js';
import { startBenchServer } from './startBenchServer.js';

export interface SubmissionOptions {
  chain: DevChain;
  orders: number;
  concurrency: number;
  database: () => Promise<Config['database'] | undefined>;
  /** `database`: as before the read model (no model, the open-book indexes migration 007 dropped). */
  path?: 'model' | 'database';
  profileDir?: string;
}

/**
 * N orders from the seeded makers (accounts 1-3 have allowances) over every pair of test tokens, or
 * all of one pair when `pair` is given.
 */
export async function presignOrders(
  chain: DevChain,
  count: number,
  pair?: readonly [string, string],
): Promise<SignedOrder[]> {
  const makers = [1, 2, 3].map((i) => chain.accounts[i]?.privateKey).filter((key) => key !== undefined);
  const tokens = chain.deployment.tokens.map((t) => t.address);
  const orders: SignedOrder[] = [];
  for (let i = 0; i < count; i++) {
    const makerToken = pair?.[0] ?? tokens[i % tokens.length];
    const takerToken =
      pair?.[1] ?? tokens[(i + 1 + (Math.floor(i / tokens.length) % (tokens.length - 1))) % tokens.length];
    const makerPrivateKey = makers[i % makers.length];
    if (!makerToken || !takerToken || !makerPrivateKey)
      throw new Error('devchain has too few tokens or accounts');
    orders.push(
      await createSignedOrder({
        deployment: chain.deployment,
        makerPrivateKey,
        makerToken: makerToken as `0x${string}`,
        takerToken: takerToken as `0x${string}`,
        makerAmount: 1_000_000n + BigInt(i),
        takerAmount: 2_000_000n + BigInt(i),
      }),
    );
  }
  return orders;
}

/**
 * Scenario (a): pre-signed orders POSTed to /order/new through real HTTP with `concurrency` requests in
 * flight; full acceptance (schema, hash, signature, chain read against anvil, insert). Signing is not
 * measured. Each run uses a fresh relayer and database, so every order is new to it; the run ends by
 * checking that every order is stored. CPU per order is the relayer process's user + system time over
 * the measured window divided by the orders sent.
 */
export async function runSubmissions(options: SubmissionOptions, orders: readonly SignedOrder[]) {
  const config = benchConfig(networkFor(options.chain), await options.database());
  const server = await startBenchServer({
    config,
    readModel: options.path !== 'database',
    ...(options.profileDir ? { profileDir: options.profileDir } : {}),
  });
  try {
    if (options.path === 'database') await server.legacyIndexes();
    await waitForTokens(
      server.url,
      options.chain.deployment.tokens.map((t) => t.address),
    );
    const requests = orders.map((order) => ({
      method: 'POST' as const,
      path: '/order/new',
      body: JSON.stringify(order),
    }));
    // Warm-up (JIT, connections, caches) outside the measured window: 50 orders not counted below.
    const warm = requests.splice(0, 50);
    await closedLoop(server.url, warm, options.concurrency);
    const cpuBefore = await server.cpuMicros();
    const result = await closedLoop(server.url, requests, options.concurrency);
    const cpuMsPerOrder = ((await server.cpuMicros()) - cpuBefore) / 1000 / requests.length;
    const stored = await server.countOpen();
    return {
      figures: { ordersPerSec: result.perSec, p50: result.p50, p99: result.p99, cpuMsPerOrder },
      check: { sent: requests.length + warm.length, stored, statuses: result.statuses },
    };
  } finally {
    await server.stop();
  }
}
