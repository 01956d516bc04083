import { connectWallet, createSignedOrder } from '@relayer/devchain';
import {
  hashOrder,
  type OrderRecord,
  orderListResponseSchema,
  orderRecordSchema,
  type SignedOrder,
} from '@relayer/protocol';
import type { FastifyInstance } from 'fastify';
import { type Address, erc20Abi } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chainConfig, startTestChain, type TestChain } from '../../test/helpers/chainApp.js';
import { openTestDatabase } from '../../test/helpers/openTestDatabase.js';
import { waitFor } from '../../test/helpers/waitFor.js';
import { buildApp } from '../buildApp.js';
import type { Database } from '../db/Database.js';

// Issue 10 item 4 (server side): every order an account made, in every state, with why it is not
// fillable and what its maker lacks, including what the public book hides.

const E18 = 10n ** 18n;
const MAKER_FEE = 10n ** 15n;
const TAKER_FEE = 2n * 10n ** 15n;
const MAKER = 1;
const OTHER_MAKER = 3;
const TAKER = 2;

let t: TestChain;
let app: FastifyInstance;
let db: Database;
const orders: Record<string, SignedOrder> = {};
let REP: Address;
let WETH: Address;
let MKR: Address;
let GNT: Address;

const get = async (url: string) => {
  const response = await app.inject(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const record = async (order: SignedOrder) => orderRecordSchema.parse(await get(`/order/${hashOrder(order)}`));
const list = async (query: string) => orderListResponseSchema.parse(await get(`/order?${query}`));

function make(maker: number, makerToken: Address, takerToken: Address, expiresInSec = 3600) {
  return createSignedOrder({
    deployment: t.chain.deployment,
    makerPrivateKey: t.key(maker),
    makerToken,
    takerToken,
    makerAmount: 10n * E18,
    takerAmount: 2n * E18,
    feeRecipient: t.address(9),
    makerFee: MAKER_FEE,
    takerFee: TAKER_FEE,
    expiresInSec,
  });
}

async function post(order: SignedOrder) {
  const response = await app.inject({ method: 'POST', url: '/order/new', payload: order });
  expect(response.statusCode, response.body).toBe(201);
}

const rpc = (method: string, params: unknown[]) =>
  fetch(t.chain.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });

const stateOf = async (order: SignedOrder) => (await record(order)).state;

beforeAll(async () => {
  t = await startTestChain();
  [REP, WETH, MKR, GNT] = ['REP', 'WETH', 'MKR', 'GNT'].map((s) => t.token(s).address) as [
    Address,
    Address,
    Address,
    Address,
  ];
  const base = chainConfig(t.network);
  db = await openTestDatabase();
  app = await buildApp(
    chainConfig(t.network, {
      watcher: { ...base.watcher, enabled: true, pollMs: 50 },
      fees: { feeRecipient: t.address(9), makerFee: MAKER_FEE.toString(), takerFee: TAKER_FEE.toString() },
    }),
    { db },
  );
  await app.ready();
  await waitFor(async () => (await app.inject('/token')).json().length > 3, 60_000, 'the registry import');

  orders.open = await make(MAKER, REP, WETH);
  orders.partlyFilled = await make(MAKER, REP, WETH);
  orders.filled = await make(MAKER, REP, WETH);
  orders.cancelled = await make(MAKER, REP, WETH);
  orders.expired = await make(MAKER, WETH, REP, 600);
  orders.unfunded = await make(MAKER, MKR, WETH);
  orders.partlyFunded = await make(MAKER, GNT, WETH);
  orders.feeUnfunded = await make(OTHER_MAKER, REP, WETH);
  for (const order of Object.values(orders)) await post(order);

  await t.fill(orders.partlyFilled as SignedOrder, E18 / 2n, TAKER);
  await t.fill(orders.filled as SignedOrder, 2n * E18, TAKER);
  await t.cancel(orders.cancelled as SignedOrder, 2n * E18);
  await t.approve(MAKER, MKR, 0n);
  await t.approve(MAKER, GNT, 5n * E18);
  await t.approve(OTHER_MAKER, t.chain.deployment.zrx, 0n);
  await waitFor(
    async () => (await stateOf(orders.feeUnfunded as SignedOrder)) === 'unfunded',
    20_000,
    'fees',
  );
  await waitFor(async () => (await stateOf(orders.unfunded as SignedOrder)) === 'unfunded', 20_000, 'MKR');
  await waitFor(
    async () => (await stateOf(orders.cancelled as SignedOrder)) === 'cancelled',
    20_000,
    'cancel',
  );
  await waitFor(
    async () =>
      (await record(orders.partlyFunded as SignedOrder)).fillableTakerTokenAmount === E18.toString(),
    20_000,
    'GNT allowance',
  );
  // The chain's clock moves 20 minutes on: the order expiring in 10 leaves the book.
  await rpc('evm_increaseTime', [1200]);
  await rpc('evm_mine', []);
  await waitFor(async () => (await stateOf(orders.expired as SignedOrder)) === 'expired', 20_000, 'expiry');
}, 180_000);

afterAll(async () => {
  await app?.close();
  await db?.close();
  await t?.stop();
});

const maker = () => t.address(MAKER).toLowerCase();
const byHash = (records: OrderRecord[]) => new Map(records.map((r) => [r.orderHash, r]));

describe('my orders', () => {
  test('state=any lists every order of the maker, newest first, each with its state and why', async () => {
    const page = await list(`maker=${maker()}&state=any&sort=createdAt&direction=desc&per_page=100`);
    const mine = Object.entries(orders).filter(([name]) => name !== 'feeUnfunded');
    expect(page.total).toBe(mine.length);
    expect(page.orders.map((o) => o.orderHash)).toEqual(mine.map(([, o]) => hashOrder(o)).reverse());
    const found = byHash(page.orders);
    const view = (name: string) => {
      const r = found.get(hashOrder(orders[name] as SignedOrder));
      return { state: r?.state, reason: r?.reason, shortfalls: r?.shortfalls };
    };
    expect(view('open')).toEqual({ state: 'open', reason: null, shortfalls: [] });
    expect(view('partlyFilled')).toEqual({ state: 'open', reason: null, shortfalls: [] });
    expect(found.get(hashOrder(orders.partlyFilled as SignedOrder))).toMatchObject({
      filledTakerTokenAmount: (E18 / 2n).toString(),
      remainingTakerTokenAmount: ((3n * E18) / 2n).toString(),
    });
    const done = { reason: 'ORDER_REMAINING_FILL_AMOUNT_ZERO', shortfalls: [] };
    expect(view('filled')).toEqual({ state: 'filled', ...done });
    expect(view('cancelled')).toEqual({ state: 'cancelled', ...done });
    expect(view('expired')).toEqual({ state: 'expired', reason: 'ORDER_FILL_EXPIRED', shortfalls: [] });
    expect(view('unfunded')).toEqual({
      state: 'unfunded',
      reason: 'INSUFFICIENT_MAKER_ALLOWANCE',
      shortfalls: [
        { token: MKR, kind: 'allowance', covers: 'amount', required: (10n * E18).toString(), available: '0' },
      ],
    });
    // Half the GNT allowance: still in the book, half fillable, and the rest is what it lacks.
    expect(view('partlyFunded')).toEqual({
      state: 'open',
      reason: null,
      shortfalls: [
        {
          token: GNT,
          kind: 'allowance',
          covers: 'amount',
          required: (10n * E18).toString(),
          available: (5n * E18).toString(),
        },
      ],
    });
  });

  test('an unfunded maker fee names ZRX; the order page answers the same reasons', async () => {
    const r = await record(orders.feeUnfunded as SignedOrder);
    expect(r).toMatchObject({
      state: 'unfunded',
      reason: 'INSUFFICIENT_MAKER_FEE_ALLOWANCE',
      shortfalls: [
        {
          token: t.chain.deployment.zrx.toLowerCase(),
          kind: 'allowance',
          covers: 'fee',
          required: MAKER_FEE.toString(),
          available: '0',
        },
      ],
    });
    const fromList = await list(`maker=${t.address(OTHER_MAKER).toLowerCase()}&state=unfunded`);
    expect(fromList.orders).toEqual([r]);
  });

  test('the public book hides unfunded and finished orders; the maker sees them by state', async () => {
    const book = await list('per_page=100');
    const listed = new Set(book.orders.map((o) => o.orderHash));
    expect(listed.has(hashOrder(orders.open as SignedOrder))).toBe(true);
    expect(listed.has(hashOrder(orders.partlyFunded as SignedOrder))).toBe(true);
    for (const name of ['unfunded', 'feeUnfunded', 'filled', 'cancelled', 'expired'])
      expect(listed.has(hashOrder(orders[name] as SignedOrder)), name).toBe(false);
    const live = await list(`maker=${maker()}&state=unfunded,open&per_page=100`);
    expect(new Set(live.orders.map((o) => o.state))).toEqual(new Set(['open', 'unfunded']));
    expect(live.total).toBe(4);
    const done = await list(`maker=${maker()}&state=filled,cancelled,expired&per_page=100`);
    expect(done.orders.map((o) => o.state).sort()).toEqual(['cancelled', 'expired', 'filled']);
  });

  test('a market filter takes both directions of the pair', async () => {
    const page = await list(
      `maker=${maker()}&state=any&baseTokenAddress=${WETH}&quoteTokenAddress=${REP}&per_page=100`,
    );
    const names = ['open', 'partlyFilled', 'filled', 'cancelled', 'expired'];
    expect(new Set(page.orders.map((o) => o.orderHash))).toEqual(
      new Set(names.map((n) => hashOrder(orders[n] as SignedOrder))),
    );
    const oneWay = await list(
      `maker=${maker()}&state=any&makerTokenAddress=${WETH}&takerTokenAddress=${REP}&per_page=100`,
    );
    expect(oneWay.orders.map((o) => o.orderHash)).toEqual([hashOrder(orders.expired as SignedOrder)]);
  });

  test('cursors page through every state of the maker', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(
        `maker=${maker()}&state=any&sort=createdAt&direction=desc&per_page=3${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...page.orders.map((o) => o.orderHash));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
  });

  test('refuses unknown states and half a market, naming the field', async () => {
    for (const [query, field, code] of [
      ['state=open,gone', 'state', 1006],
      ['state=', 'state', 1006],
      [`baseTokenAddress=${REP}`, 'quoteTokenAddress', 1000],
    ] as const) {
      const response = await app.inject(`/order?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().validationErrors).toContainEqual(expect.objectContaining({ field, code }));
    }
  });

  test('what the maker lacks follows the chain even when nothing else about the order changes', async () => {
    const unfunded = orders.unfunded as SignedOrder;
    const before = await record(unfunded);
    // Most of the maker's MKR goes away: still unfunded, still nothing fillable, now short of balance too.
    const wallet = await connectWallet(t.chain.rpcUrl, privateKeyToAccount(t.key(MAKER)), {
      pollingInterval: 20,
    });
    const balance = await wallet.readContract({
      address: MKR,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [t.address(MAKER)],
    });
    const hash = await wallet.writeContract({
      address: MKR,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [t.address(6), balance - E18],
    });
    await wallet.waitForTransactionReceipt({ hash });
    await waitFor(
      async () => (await record(unfunded)).shortfalls?.length === 2,
      20_000,
      'the balance shortfall',
    );
    const after = await record(unfunded);
    expect(after).toEqual({
      ...before,
      shortfalls: [
        ...(before.shortfalls ?? []),
        {
          token: MKR,
          kind: 'balance',
          covers: 'amount',
          required: (10n * E18).toString(),
          available: E18.toString(),
        },
      ],
    });
  });

  test("a cancel of an order the book hides shows in the maker's list at once, not after the cache's age", async () => {
    const unfunded = orders.unfunded as SignedOrder;
    const query = `maker=${maker()}&state=any&per_page=100`;
    const stateIn = async () =>
      (await list(query)).orders.find((o) => o.orderHash === hashOrder(unfunded))?.state;
    // The page is read (and cached) while the order is unfunded; its cancel publishes no book event.
    expect(await stateIn()).toBe('unfunded');
    await t.cancel(unfunded, 2n * E18);
    await waitFor(async () => (await stateOf(unfunded)) === 'cancelled', 20_000, 'the cancel');
    // Well within the cache's 30 s: the watcher's rewrite dropped the cached page.
    await waitFor(async () => (await stateIn()) === 'cancelled', 5_000, 'the list to show the cancel');
  });
});
