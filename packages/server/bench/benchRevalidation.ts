import { randomBytes } from 'node:crypto';
import type { DevChain } from '@relayer/devchain';
import type { SignedOrder } from '@relayer/protocol';
import { buildApp } from '../src/buildApp.js';
import { createChainClient } from '../src/chain/createChainClient.js';
import type { Config } from '../src/config.js';
import type { Database } from '../src/db/Database.js';
import { migrate } from '../src/db/migrate.js';
import { openDatabase } from '../src/db/openDatabase.js';
import { createOrderWriter } from '../src/orders/createOrderWriter.js';
import { networkFor } from '../test/helpers/networkFor.js';
import { benchConfig, waitForTokens } from './benchConfig.js';
import { closedLoop, type LoadRequest } from './closedLoop.js';

export interface RevalidationOptions {
  chain: DevChain;
  /** Live orders in the book the pass re-reads. */
  book: number;
  batchSize: number;
  database: () => Promise<Config['database'] | undefined>;
}

/** A minute: the pass is due once the relayer's clock is moved past it. */
const INTERVAL_MS = 60_000;
const READ_REQUESTS = 4000;
const READ_CONCURRENCY = 16;
/** Submissions sent before measuring (the rest are split between the idle and the busy window). */
export const WARM_UP_POSTS = 20;

/**
 * Scenario (d): one re-validation pass over `book` live orders of the seeded makers and tokens (real
 * balance and allowance reads on anvil), in the relayer's own process. Reads (`GET /order` pages and
 * `/v0/orderbook`) and submissions are measured once with the book idle and once while the pass runs,
 * so the figures show what a pass costs everything else. Reported: the pass's orders per second, and
 * p50/p99 of both workloads idle and during the pass.
 */
export async function runRevalidation(options: RevalidationOptions, submissions: readonly SignedOrder[]) {
  const { chain, book } = options;
  const network = networkFor(chain);
  const base = benchConfig(network, await options.database());
  const config = {
    ...base,
    watcher: {
      ...base.watcher,
      enabled: true,
      pollMs: 1000,
      revalidateIntervalMs: INTERVAL_MS,
      revalidateBatchSize: options.batchSize,
    },
  };
  let offsetMs = 0;
  const db: Database = await openDatabase(config.database);
  await migrate(db);
  const app = await buildApp(config, { db, now: () => Date.now() + offsetMs });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const baseUrl = `http://127.0.0.1:${address.port}`;
    await waitForTokens(
      baseUrl,
      chain.deployment.tokens.map((t) => t.address),
    );
    const head = await createChainClient(network).getBlockNumber({ cacheTime: 0 });
    await seedLiveOrders(db, chain, book, head);
    // Planner statistics for the seeded book now, not at the next maintenance check.
    await db.exec('ANALYZE orders');

    const tokens = chain.deployment.tokens.map((t) => t.address.toLowerCase());
    const reads: LoadRequest[] = Array.from({ length: READ_REQUESTS }, (_, i) =>
      i % 4 === 3
        ? {
            method: 'GET',
            path: `/v0/orderbook?baseTokenAddress=${tokens[i % tokens.length]}&quoteTokenAddress=${tokens[(i + 1) % tokens.length]}`,
          }
        : {
            method: 'GET',
            path: `/order?per_page=20&page=${1 + (i % 50)}&sort=${i % 2 ? 'createdAt' : 'makerFee'}`,
          },
    );
    const posts = (from: number, to: number): LoadRequest[] =>
      submissions
        .slice(from, to)
        .map((order) => ({ method: 'POST', path: '/order/new', body: JSON.stringify(order) }));
    const warm = WARM_UP_POSTS;
    const half = warm + Math.floor((submissions.length - warm) / 2);

    // Warm-up (JIT, caches, the database after seeding) outside the measured windows.
    await Promise.all([
      closedLoop(baseUrl, reads.slice(0, 1000), READ_CONCURRENCY),
      closedLoop(baseUrl, posts(0, warm), 8),
    ]);
    // Reads and submissions together, as during the pass below.
    const [idleReads, idlePosts] = await Promise.all([
      closedLoop(baseUrl, reads, READ_CONCURRENCY),
      closedLoop(baseUrl, posts(warm, half), 8),
    ]);

    const checked = async () => {
      const text = await (await fetch(`${baseUrl}/metrics`)).text();
      const match = /relayer_revalidation_checked_total\{network="main"\} (\d+)/.exec(text);
      return Number(match?.[1] ?? 0);
    };
    const started = performance.now();
    offsetMs = INTERVAL_MS + 1000;
    while ((await checked()) === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const [busyReads, busyPosts] = await Promise.all([
      closedLoop(baseUrl, reads, READ_CONCURRENCY),
      closedLoop(baseUrl, posts(half, submissions.length), 8),
    ]);
    const duringPass = (await checked()) < book;
    while ((await checked()) < book) await new Promise((resolve) => setTimeout(resolve, 20));
    const passSeconds = (performance.now() - started) / 1000;
    return {
      figures: {
        passOrdersPerSec: book / passSeconds,
        passSeconds,
        idleReadP50: idleReads.p50,
        idleReadP99: idleReads.p99,
        busyReadP50: busyReads.p50,
        busyReadP99: busyReads.p99,
        idlePostP50: idlePosts.p50,
        idlePostP99: idlePosts.p99,
        busyPostP50: busyPosts.p50,
        busyPostP99: busyPosts.p99,
      },
      check: {
        readsFinishedDuringPass: duringPass,
        readStatuses: busyReads.statuses,
        postStatuses: busyPosts.statuses,
      },
    };
  } finally {
    await app.close();
    await db.close();
  }
}

/**
 * `count` open orders of the seeded makers (accounts 1-3) over every pair of the test tokens, stored as
 * acceptance stores them and validated at `head`, so only the pass re-reads them.
 */
async function seedLiveOrders(db: Database, chain: DevChain, count: number, head: bigint): Promise<void> {
  const makers = [1, 2, 3].map((i) => chain.accounts[i]?.address.toLowerCase() as string);
  const tokens = chain.deployment.tokens.map((t) => ({ address: t.address.toLowerCase(), symbol: t.symbol }));
  const writer = createOrderWriter(db);
  const hex = (bytes: number) => `0x${randomBytes(bytes).toString('hex')}`;
  const now = Date.now();
  const writes: Promise<unknown>[] = [];
  for (let i = 0; i < count; i++) {
    const maker = tokens[i % tokens.length] as { address: string; symbol: string };
    const taker = tokens[(i + 1) % tokens.length] as { address: string; symbol: string };
    const amount = String(1_000_000 + i);
    const hash = hex(32);
    writes.push(
      writer.write({
        network: 'main',
        hash,
        values: [
          'main',
          hash,
          chain.deployment.exchange.toLowerCase(),
          makers[i % makers.length],
          '0x0000000000000000000000000000000000000000',
          maker.address,
          taker.address,
          maker.symbol,
          taker.symbol,
          '0x0000000000000000000000000000000000000000',
          amount,
          amount,
          '0',
          '0',
          String(Math.floor(now / 1000) + 86_400),
          String(Math.floor(now / 1000) + 86_400),
          String(i),
          27,
          hex(32),
          hex(32),
          'open',
          '0',
          '0',
          amount,
          amount,
          now,
          now,
          head.toString(),
        ],
      }),
    );
  }
  await Promise.all(writes);
}
