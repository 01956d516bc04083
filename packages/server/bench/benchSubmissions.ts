import { Agent, request } from 'node:http';
import { createSignedOrder, type DevChain } from '@relayer/devchain';
import type { SignedOrder } from '@relayer/protocol';
import { benchConfig, networkOf, waitForTokens } from './benchConfig.js';
import { startBenchServer } from './startBenchServer.js';
import { summarize } from './stats.js';

export interface SubmissionOptions {
  chain: DevChain;
  orders: number;
  concurrency: number;
  databaseUrl: () => Promise<string | undefined>;
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

function post(agent: Agent, url: URL, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Scenario (a): pre-signed orders POSTed to /order/new through real HTTP with `concurrency` requests in
 * flight; full acceptance (schema, hash, signature, chain read against anvil, insert). Signing is not
 * measured. Each run uses a fresh relayer and database, so every order is new to it; the run ends by
 * checking that every order is stored.
 */
export async function runSubmissions(options: SubmissionOptions, orders: readonly SignedOrder[]) {
  const config = benchConfig(networkOf(options.chain), await options.databaseUrl());
  const server = await startBenchServer({
    config,
    ...(options.profileDir ? { profileDir: options.profileDir } : {}),
  });
  try {
    await waitForTokens(
      server.url,
      options.chain.deployment.tokens.map((t) => t.address),
    );
    const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
    const url = new URL('/order/new', server.url);
    const bodies = orders.map((order) => JSON.stringify(order));
    // Warm-up (JIT, connections, caches) outside the measured window: 50 orders not counted below.
    const warm = bodies.splice(0, 50);
    await Promise.all(warm.map((body) => post(agent, url, body)));

    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: options.concurrency }, async () => {
        while (next < bodies.length) {
          const body = bodies[next++] as string;
          const t0 = performance.now();
          const status = await post(agent, url, body);
          latencies.push(performance.now() - t0);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    agent.destroy();
    const stored = await server.countOpen();
    const { p50, p99 } = summarize(latencies);
    return {
      figures: { ordersPerSec: bodies.length / seconds, p50, p99 },
      check: { sent: bodies.length + warm.length, stored, statuses: Object.fromEntries(statuses) },
    };
  } finally {
    await server.stop();
  }
}
