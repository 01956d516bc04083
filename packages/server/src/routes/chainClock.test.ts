import {
  type ChainStatus,
  chainStatusSchema,
  errorResponseSchema,
  generateSalt,
  type HealthResponse,
  NULL_ADDRESS,
  type OrderListResponse,
  type OrderRecord,
  type SignedOrder,
} from '@relayer/protocol';
import type { FastifyInstance } from 'fastify';
import type { Address } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { chainConfig, signOrder, startTestChain, type TestChain } from '../../test/helpers/chainApp.js';
import { openTestDatabase } from '../../test/helpers/openTestDatabase.js';
import { waitFor } from '../../test/helpers/waitFor.js';
import { buildApp } from '../buildApp.js';
import { createChainClient } from '../chain/createChainClient.js';
import type { Config } from '../config.js';
import type { Database } from '../db/Database.js';
import { type BookEvent, BookEvents } from '../events/BookEvents.js';

/** The default margin: orders expiring within a minute are refused and leave the book. */
const MARGIN_SEC = 60;

let t: TestChain;
let rep: Address;
let weth: Address;
const opened: { app: FastifyInstance; db: Database }[] = [];

beforeAll(async () => {
  t = await startTestChain();
  rep = t.token('REP').address.toLowerCase() as Address;
  weth = t.token('WETH').address.toLowerCase() as Address;
}, 120_000);
afterEach(async () => {
  for (const { app, db } of opened.splice(0)) {
    await app.close();
    await db.close();
  }
});
afterAll(async () => {
  await t?.stop();
});

/** A relayer on the test chain (own database), ready and listing the registry's tokens. */
async function startRelayer(options: { watcher: boolean; now?: () => number }) {
  const db = await openTestDatabase();
  const events = new BookEvents();
  const published: BookEvent[] = [];
  events.subscribe((event) => published.push(event));
  const base = chainConfig(t.network);
  const watcher: Config['watcher'] = { ...base.watcher, enabled: options.watcher, pollMs: 50 };
  const app = await buildApp(chainConfig(t.network, { watcher }), {
    db,
    events,
    ...(options.now ? { now: options.now } : {}),
  });
  opened.push({ app, db });
  await app.ready();
  await waitFor(async () =>
    (await app.inject('/token')).json().some((token: { address: string }) => token.address === rep),
  );
  return { app, published };
}

const client = () => createChainClient(t.network);
async function latestBlock() {
  const block = await client().getBlock({ blockTag: 'latest' });
  return { number: Number(block.number), timestamp: Number(block.timestamp) };
}

/** Moves the chain's clock forward and mines one block; returns that block. */
async function jumpChain(seconds: number) {
  await client().request({ method: 'evm_increaseTime' as 'eth_chainId', params: [seconds] as never });
  await client().request({ method: 'evm_mine' as 'eth_chainId', params: [] as never });
  return latestBlock();
}

/** 1 REP for 0.2 WETH by dev account 1, expiring at `expiration` (Unix seconds). */
function orderExpiringAt(expiration: number): Promise<SignedOrder> {
  return signOrder(
    {
      exchangeContractAddress: t.chain.deployment.exchange.toLowerCase() as Address,
      maker: t.address(1).toLowerCase() as Address,
      taker: NULL_ADDRESS,
      makerTokenAddress: rep,
      takerTokenAddress: weth,
      feeRecipient: NULL_ADDRESS,
      makerTokenAmount: (10n ** 18n).toString(),
      takerTokenAmount: (2n * 10n ** 17n).toString(),
      makerFee: '0',
      takerFee: '0',
      expirationUnixTimestampSec: String(expiration),
      salt: generateSalt().toString(),
    },
    t.key(1),
  );
}

const post = (app: FastifyInstance, order: SignedOrder, url = '/order/new') =>
  app.inject({ method: 'POST', url, payload: order as unknown as Record<string, unknown> });

async function chainStatus(app: FastifyInstance): Promise<ChainStatus> {
  const response = await app.inject('/chain');
  expect(response.statusCode).toBe(200);
  return chainStatusSchema.parse(response.json());
}

/** Every place an open order is listed, as the set of its salts (SRA orders carry no hash). */
async function listedSalts(app: FastifyInstance): Promise<Set<string>> {
  const page = (await app.inject('/order?per_page=100')).json() as OrderListResponse;
  const sra = (await app.inject('/v0/orders?per_page=100')).json() as SignedOrder[];
  const book = (
    await app.inject(`/v0/orderbook?baseTokenAddress=${rep}&quoteTokenAddress=${weth}`)
  ).json() as {
    asks: SignedOrder[];
  };
  const routes = [page.orders, sra, book.asks].map((orders) => new Set(orders.map((o) => o.salt)));
  // All three agree, or the test says which did not.
  expect(routes[1]).toEqual(routes[0]);
  expect(routes[2]).toEqual(routes[0]);
  return routes[0] as Set<string>;
}

describe('expiry by the chain clock (the later of the server clock and the latest block)', () => {
  test('a chain clock behind the server clock changes nothing: the server clock refuses and expires orders', async () => {
    const chainAhead = (await latestBlock()).timestamp * 1000 - Date.now();
    // The server runs two hours ahead of the chain.
    let offsetMs = Math.max(0, chainAhead) + 2 * 3_600_000;
    const now = () => Date.now() + offsetMs;
    const { app, published } = await startRelayer({ watcher: true, now });
    const seen = await waitFor(async () => (await chainStatus(app)).blockNumber !== null).then(() =>
      chainStatus(app),
    );
    expect(seen.blockTimestampSec).toBeLessThan(seen.serverTimeSec);
    expect(seen.nowSec).toBe(seen.serverTimeSec);
    expect(seen.expiryMarginSec).toBe(MARGIN_SEC);
    expect(seen.maxExpirySec).toBe(365 * 86_400);

    const serverNow = Math.floor(now() / 1000);
    // An hour and more left by the chain's clock, 30 s by the server's: refused.
    const tooSoon = await post(app, await orderExpiringAt(serverNow + 30));
    expect(tooSoon.statusCode, tooSoon.body).toBe(400);
    expect(errorResponseSchema.parse(tooSoon.json()).validationErrors).toContainEqual(
      expect.objectContaining({ field: 'expirationUnixTimestampSec', error: 'ORDER_FILL_EXPIRED' }),
    );
    const order = await orderExpiringAt(serverNow + 600);
    const accepted = await post(app, order);
    expect(accepted.statusCode, accepted.body).toBe(201);
    const hash = (accepted.json() as OrderRecord).orderHash;

    // Only the server's clock moves (no block): the sweep still expires it within the margin.
    offsetMs += 600_000 - MARGIN_SEC * 1000;
    await waitFor(
      async () => (await app.inject(`/order/${hash}`)).json().state === 'expired',
      10_000,
      'the sweep',
    );
    expect((await listedSalts(app)).has(order.salt)).toBe(false);
    expect(published).toContainEqual(
      expect.objectContaining({ type: 'removed', orderHash: hash, state: 'expired' }),
    );
  });

  test('a block that jumps the chain clock ahead expires orders on every route within the tick that sees it', async () => {
    const { app, published } = await startRelayer({ watcher: true });
    const start = Math.max(Math.floor(Date.now() / 1000), (await latestBlock()).timestamp);
    const soon = await orderExpiringAt(start + 600);
    const later = await orderExpiringAt(start + 7200);
    const postedSoon = await post(app, soon);
    const postedLater = await post(app, later);
    expect([postedSoon.statusCode, postedLater.statusCode]).toEqual([201, 201]);
    const soonHash = (postedSoon.json() as OrderRecord).orderHash;
    expect(await listedSalts(app)).toEqual(new Set([soon.salt, later.salt]));

    const jumped = await jumpChain(900);
    // The first tick that sees the block has swept by its clock before it reports the block applied.
    await waitFor(async () => {
      const health = (await app.inject('/health')).json() as HealthResponse;
      return (health.networks[0]?.watcherBlock ?? 0) >= jumped.number;
    });
    expect(await listedSalts(app)).toEqual(new Set([later.salt]));
    expect((await app.inject(`/order/${soonHash}`)).json()).toMatchObject({ state: 'expired' });
    expect(published).toContainEqual(
      expect.objectContaining({ type: 'removed', orderHash: soonHash, state: 'expired' }),
    );
    const status = await chainStatus(app);
    expect(status.blockNumber).toBeGreaterThanOrEqual(jumped.number);
    expect(status.blockTimestampSec).toBeGreaterThanOrEqual(jumped.timestamp);
    expect(status.nowSec).toBeGreaterThanOrEqual(jumped.timestamp);
    expect(status.nowSec).toBeGreaterThan(status.serverTimeSec);
  });

  test('an order already expired by the chain clock is refused at submission, on both submission routes', async () => {
    // No watcher: acceptance learns the chain's time from the block it reads the order's state at.
    const { app } = await startRelayer({ watcher: false });
    const jumped = await jumpChain(1200);
    const wallNow = Math.floor(Date.now() / 1000);
    expect(jumped.timestamp).toBeGreaterThan(wallNow + 600);

    // Ten minutes left by the server's clock; past by the chain's.
    const stale = await orderExpiringAt(wallNow + 600);
    for (const url of ['/order/new', '/v0/order']) {
      const refused = await post(app, stale, url);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(errorResponseSchema.parse(refused.json()).validationErrors).toContainEqual(
        expect.objectContaining({ field: 'expirationUnixTimestampSec', error: 'ORDER_FILL_EXPIRED' }),
      );
    }
    const fresh = await post(app, await orderExpiringAt(jumped.timestamp + 600));
    expect(fresh.statusCode, fresh.body).toBe(201);
    expect((await chainStatus(app)).blockTimestampSec).toBeGreaterThanOrEqual(jumped.timestamp);
  });
});
