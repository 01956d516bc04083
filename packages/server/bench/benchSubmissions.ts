import { createSignedOrder, type DevChain } from '@relayer/devchain';
import {
  type Hex,
  hashOrder,
  NULL_ADDRESS,
  parseSignedOrder,
  recoverSigner,
  type SignedOrder,
} from '@relayer/protocol';
import { nativeRecover } from '@relayer/protocol/native';
import { computeOrderState } from '../src/chain/computeOrderState.js';
import type { Config } from '../src/config.js';
import { createPgliteDatabase } from '../src/db/createPgliteDatabase.js';
import { migrate } from '../src/db/migrate.js';
import { createOrderWriter } from '../src/orders/createOrderWriter.js';
import { toOrderRow } from '../src/orders/toOrderRow.js';
import { networkFor } from '../test/helpers/networkFor.js';
import { benchConfig, waitForTokens } from './benchConfig.js';
import { closedLoop } from './closedLoop.js';
import { startBenchServer } from './startBenchServer.js';

export interface SubmissionOptions {
  chain: DevChain;
  orders: number;
  concurrency: number;
  database: () => Promise<Config['database'] | undefined>;
  /** `database`: the path the read model replaced (no model, the open-book indexes migration 007 dropped). */
  path?: 'model' | 'database';
  profileDir?: string;
  /** Orders sent before the measured window (default 50); `orders` holds them first. */
  warmUp?: number;
  /** Run the chain watcher beside the API, as an operator does (benchConfig). */
  watcher?: boolean;
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
  const base = benchConfig(networkFor(options.chain), await options.database(), {
    watcher: options.watcher ?? false,
  });
  // Three makers post every order: a long warm-up (`--warm`) would pass the production quota of open
  // orders per maker (1,000), whose refusals are not what is measured. Never lowered; makers stay well
  // within it, so the writer's quota check costs what it costs in production (no count query).
  const config = {
    ...base,
    orders: { ...base.orders, maxOpenPerMaker: Math.max(base.orders.maxOpenPerMaker, orders.length) },
  };
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
    // Warm-up (JIT, connections, caches) outside the measured window: `warmUp` orders not counted below.
    // With a few thousand (`--warm`), the writer's prepared INSERTs are past PostgreSQL's first five
    // custom plans for the batch sizes the load forms, as in a relayer that has run for a while.
    const warm = requests.splice(0, options.warmUp ?? 50);
    await closedLoop(server.url, warm, options.concurrency);
    const engineBefore = await server.engineStats();
    const cpuBefore = await server.cpuMicros();
    const result = await closedLoop(server.url, requests, options.concurrency);
    const cpuMsPerOrder = ((await server.cpuMicros()) - cpuBefore) / 1000 / requests.length;
    const engineAfter = await server.engineStats();
    // Of the relayer's CPU, the embedded engine's (PGlite executes on the relayer's thread), and the
    // writer's rows per batch (orders over its commits in the window).
    const engine: Record<string, number> =
      engineBefore && engineAfter
        ? {
            engineMsPerOrder: (engineAfter.cpuMicros - engineBefore.cpuMicros) / 1000 / requests.length,
            rowsPerBatch:
              requests.length / Math.max(1, engineAfter.preparedBatches - engineBefore.preparedBatches),
          }
        : {};
    const stored = await server.countOpen();
    // A breakdown, after the measured window: the same relayer answering its cheapest request through
    // the same hooks (a cached `GET /order?per_page=1`, ~1 KB like a 201's body): HTTP's share alone.
    const httpBefore = await server.cpuMicros();
    const gets = requests.map(() => ({ method: 'GET' as const, path: '/order?per_page=1' }));
    await closedLoop(server.url, gets, options.concurrency);
    const httpMsPerRequest = ((await server.cpuMicros()) - httpBefore) / 1000 / gets.length;
    return {
      figures: {
        ordersPerSec: result.perSec,
        p50: result.p50,
        p99: result.p99,
        cpuMsPerOrder,
        ...engine,
        httpMsPerRequest,
      },
      check: { sent: requests.length + warm.length, stored, statuses: result.statuses },
    };
  } finally {
    await server.stop();
  }
}

/**
 * The parts of an accepted order's relayer CPU that no code change on this path removes, each measured
 * alone in this process (microseconds per order, CPU): parsing the body and the order, the order hash,
 * the signature recovery (libsecp256k1), and the durable write (PGlite, on disk when the bench runs
 * `--disk`: one INSERT and one commit with fsync per `batch` rows, the writer's own path).
 */
export async function measureSubmitFloor(
  orders: readonly SignedOrder[],
  database: Config['database'] | undefined,
  batch: number,
): Promise<Record<string, number>> {
  const texts = orders.map((o) => JSON.stringify(o));
  const perOrderMicros = (run: () => void, rounds = 3) => {
    run(); // warm-up
    const before = process.cpuUsage();
    for (let i = 0; i < rounds; i++) run();
    const used = process.cpuUsage(before);
    return (used.user + used.system) / rounds / orders.length;
  };
  const parsed = texts.map((t) => {
    const result = parseSignedOrder(JSON.parse(t));
    if (!result.success) throw new Error('a pre-signed order does not parse');
    return result.data;
  });
  const hashes = parsed.map((o) => hashOrder(o));
  const parse = perOrderMicros(() => {
    for (const t of texts) parseSignedOrder(JSON.parse(t));
  });
  const hash = perOrderMicros(() => {
    for (const o of parsed) hashOrder(o);
  });
  const recover = perOrderMicros(() => {
    for (const [i, o] of parsed.entries()) recoverSigner(hashes[i] as Hex, o.ecSignature, nativeRecover);
  });

  const dataDir = database?.dataDir ?? 'memory://';
  const db = await createPgliteDatabase(dataDir);
  try {
    await migrate(db);
    const writer = createOrderWriter(db);
    const chainState = {
      filledTakerTokenAmount: 0n,
      cancelledTakerTokenAmount: 0n,
      makerBalance: 0n,
      makerAllowance: 0n,
      makerZrxBalance: 0n,
      makerZrxAllowance: 0n,
      blockNumber: 1n,
      zrxAddress: NULL_ADDRESS as Hex,
    };
    const rows = parsed.map((order, i) => {
      const computed = computeOrderState(
        order,
        {
          ...chainState,
          makerBalance: 1n << 200n,
          makerAllowance: 1n << 200n,
          makerZrxBalance: 1n << 200n,
          makerZrxAllowance: 1n << 200n,
        },
        0,
        0,
      );
      const orderHash = hashes[i] as Hex;
      const { values } = toOrderRow({
        network: 'floor',
        order,
        orderHash,
        makerSymbol: 'AAA',
        takerSymbol: 'BBB',
        chainState,
        computed,
        nowMs: Date.now(),
      });
      return { network: 'floor', hash: orderHash, maker: order.maker, values };
    });
    const write = async (from: number, to: number) => {
      for (let i = from; i < to; i += batch) {
        await Promise.all(rows.slice(i, Math.min(i + batch, to)).map((row) => writer.write(row)));
      }
    };
    const warm = Math.min(200, rows.length >> 2);
    await write(0, warm);
    const before = process.cpuUsage();
    await write(warm, rows.length);
    const used = process.cpuUsage(before);
    const insert = (used.user + used.system) / (rows.length - warm);
    return { parse, hash, recover, insert, total: parse + hash + recover + insert };
  } finally {
    await db.close();
  }
}
