import { type AnvilInstance, startAnvil } from '@relayer/contracts/anvil';
import { errorResponseSchema, healthResponseSchema } from '@relayer/protocol';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chainConfig, startTestChain, type TestChain } from '../../test/helpers/chainApp.js';
import { openTestDatabase } from '../../test/helpers/openTestDatabase.js';
import { startRpcProxy } from '../../test/helpers/startRpcProxy.js';
import { waitFor } from '../../test/helpers/waitFor.js';
import { buildApp } from '../buildApp.js';
import type { NetworkConfig } from '../config.js';
import type { Database } from '../db/Database.js';

/** Short, so the node-that-never-answers cases stay quick; the default is 5000 ms. */
const RPC_TIMEOUT_MS = 1000;

let t: TestChain;
let proxy: Awaited<ReturnType<typeof startRpcProxy>>;
let network: NetworkConfig;

beforeAll(async () => {
  t = await startTestChain();
  proxy = await startRpcProxy(t.chain.rpcUrl);
  network = { ...t.network, rpcUrl: proxy.url, rpcTimeoutMs: RPC_TIMEOUT_MS };
}, 120_000);
afterAll(async () => {
  await proxy?.close();
  await t?.stop();
});

/** A fresh, valid order (dev account 1 sells REP for WETH) on the default fee policy. */
const makeOrder = () => t.repForWeth();

/** JSON-RPC calls an order submission makes (the guard's own re-check sends eth_chainId/eth_getCode). */
const submissionCalls = () => proxy.calls('eth_call') + proxy.calls('eth_blockNumber');

async function startApp(networkConfig: NetworkConfig = network) {
  const db = await openTestDatabase();
  const app = await buildApp(chainConfig(networkConfig), { db });
  const close = async () => {
    await app.close();
    await db.close();
  };
  return { app, db, close };
}

const post = async (app: FastifyInstance) =>
  app.inject({ method: 'POST', url: '/order/new', payload: await makeOrder() });
const health = async (app: FastifyInstance) =>
  healthResponseSchema.parse((await app.inject('/health')).json());

function expectChainUnavailable(response: Awaited<ReturnType<typeof post>>) {
  expect(response.statusCode, response.body).toBe(503);
  expect(errorResponseSchema.parse(response.json()).error).toBe('CHAIN_UNAVAILABLE');
}

describe('a relayer whose node goes away', () => {
  let app: FastifyInstance;
  let db: Database;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, db, close } = await startApp());
    await app.ready();
    await waitFor(async () => (await app.inject('/token')).json().length > 3, 60_000, 'the registry import');
  }, 120_000);
  afterAll(async () => {
    proxy.setMode('up');
    await close?.();
  });

  test('answers POSTs 503 at once without asking a node it has seen down, keeps serving reads, and resumes when the node is back', async () => {
    const listed = await post(app);
    expect(listed.statusCode, listed.body).toBe(201);
    const { orderHash } = listed.json() as { orderHash: string };

    proxy.setMode('down');
    const degraded = await health(app);
    expect(degraded.status).toBe('degraded');
    expect(degraded.networks[0]).toMatchObject({
      chain: 'down',
      chainError: expect.stringContaining('not answer'),
    });

    const before = submissionCalls();
    for (let i = 0; i < 10; i++) expectChainUnavailable(await post(app));
    expect(submissionCalls()).toBe(before);

    // Reads come from the database: the book, one order, the tokens.
    const book = await app.inject('/order');
    expect(book.statusCode).toBe(200);
    expect((book.json() as { orders: { orderHash: string }[] }).orders.map((o) => o.orderHash)).toContain(
      orderHash,
    );
    expect((await app.inject(`/order/${orderHash}`)).statusCode).toBe(200);
    expect((await app.inject('/token')).statusCode).toBe(200);

    proxy.setMode('up');
    await waitFor(async () => (await health(app)).status === 'ok', 30_000, 'the node to be seen up again');
    expect((await health(app)).networks[0]?.chainError).toBeNull();
    const resumed = await post(app);
    expect(resumed.statusCode, resumed.body).toBe(201);
    expect(await db.query('SELECT 1 FROM orders')).toHaveLength(2);
  }, 120_000);

  test('a node that accepts connections but never answers costs the first request one node timeout, later ones nothing', async () => {
    proxy.setMode('hang');
    const started = performance.now();
    expectChainUnavailable(await post(app));
    const waitedMs = performance.now() - started;
    console.log(
      `first POST against a silent node answered 503 after ${waitedMs.toFixed(0)} ms (timeout ${RPC_TIMEOUT_MS} ms)`,
    );
    // Generous: the old client waited its fixed 10 s per request (and two requests in a row for an order).
    expect(waitedMs).toBeLessThan(6 * RPC_TIMEOUT_MS);

    const before = submissionCalls();
    for (let i = 0; i < 5; i++) expectChainUnavailable(await post(app));
    expect(submissionCalls()).toBe(before);
    expect((await health(app)).networks[0]?.chain).toBe('down');

    proxy.setMode('up');
    await waitFor(async () => (await health(app)).status === 'ok', 30_000, 'the node to be seen up again');
    expect((await post(app)).statusCode).toBe(201);
  }, 120_000);
});

describe('start-up checks', () => {
  test('refuses to start against a node of another chain, naming the chain ids', async () => {
    const { app, close } = await startApp({ ...network, chainId: 1 });
    try {
      await expect(app.ready()).rejects.toThrow(
        /serves chain id \d+, but the relayer is configured for chain id 1 \(CHAIN_ID\)/,
      );
    } finally {
      await close();
    }
  });

  test('refuses to start when a configured contract has no code, naming it and its address', async () => {
    const nowhere = '0x000000000000000000000000000000000000dead';
    const { app, close } = await startApp({
      ...network,
      addresses: { ...network.addresses, exchange: nowhere },
    });
    try {
      await expect(app.ready()).rejects.toThrow(`exchange at ${nowhere} (EXCHANGE_ADDRESS)`);
    } finally {
      await close();
    }
  });

  test('starts against a node that is down, serves reads, checks the node when it comes back, and shuts out one of another chain', async () => {
    proxy.setMode('down');
    let other: AnvilInstance | undefined;
    const { app, close } = await startApp();
    try {
      await app.ready();
      const down = await health(app);
      expect(down.networks[0]).toMatchObject({
        chain: 'down',
        chainError: expect.stringContaining('at start'),
      });
      expect((await app.inject('/order')).statusCode).toBe(200);
      const before = submissionCalls();
      expectChainUnavailable(await post(app));
      expect(submissionCalls()).toBe(before);

      // Back, but it is another chain now (a node replaced behind the same address).
      other = await startAnvil({ port: 0, chainId: 1337, silent: true });
      proxy.retarget(other.rpcUrl);
      proxy.setMode('up');
      await waitFor(
        async () => (await health(app)).networks[0]?.chainError?.includes('serves chain id 1337') === true,
        30_000,
        'the re-check to notice the other chain',
      );
      expectChainUnavailable(await post(app));
      expect(submissionCalls()).toBe(before);

      proxy.retarget(t.chain.rpcUrl);
      await waitFor(async () => (await health(app)).status === 'ok', 30_000, 'the right chain to be back');
      await waitFor(
        async () => (await app.inject('/token')).json().length > 3,
        60_000,
        'the registry import',
      );
      expect((await post(app)).statusCode).toBe(201);
    } finally {
      proxy.setMode('up');
      proxy.retarget(t.chain.rpcUrl);
      await close();
      await other?.stop();
    }
  }, 120_000);
});
