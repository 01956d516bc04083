import { createSignedOrder } from '@relayer/devchain';
import {
  hashOrder,
  orderRecordSchema,
  type SignedOrder,
  tradeListResponseSchema,
  wsServerMessageSchema,
} from '@relayer/protocol';
import type { FastifyInstance } from 'fastify';
import type { Address, Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chainConfig, startTestChain, type TestChain } from '../../test/helpers/chainApp.js';
import { openTestDatabase } from '../../test/helpers/openTestDatabase.js';
import { waitFor } from '../../test/helpers/waitFor.js';
import { openWsClient, type WsTestClient } from '../../test/helpers/wsTestClient.js';
import { buildApp } from '../buildApp.js';
import type { Database } from '../db/Database.js';
import { wsLimits } from '../ws/wsLimits.js';

// A fill on the chain, by any client, reaches GET /trades and the trades channel of the WebSocket; a
// re-org that orphans it sends tradeRemoved. The relayer runs as in production: buildApp, its watcher.

const E18 = 10n ** 18n;
const TAKER = 2;
let t: TestChain;
let app: FastifyInstance;
let db: Database;
let wsUrl: string;
let REP: Address;
let WETH: Address;
let MKR: Address;
const clients: WsTestClient[] = [];

const rpc = async (method: string, params: unknown[] = []) => {
  const response = await fetch(t.chain.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await response.json()) as { result: unknown }).result;
};

async function subscribe(requestId: number, channel: string, payload: Record<string, unknown>) {
  const client = await openWsClient(wsUrl);
  clients.push(client);
  client.send({ type: 'subscribe', channel, requestId, payload });
  return client;
}

beforeAll(async () => {
  t = await startTestChain();
  [REP, WETH, MKR] = ['REP', 'WETH', 'MKR'].map((s) => t.token(s).address) as [Address, Address, Address];
  const base = chainConfig(t.network);
  db = await openTestDatabase();
  app = await buildApp(chainConfig(t.network, { watcher: { ...base.watcher, enabled: true, pollMs: 50 } }), {
    db,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  wsUrl = `ws://127.0.0.1:${(app.server.address() as { port: number }).port}/v0/ws`;
  await waitFor(async () => (await app.inject('/token')).json().length > 3, 60_000, 'the registry import');
}, 120_000);

afterAll(async () => {
  for (const client of clients) client.close();
  await app?.close();
  await db?.close();
  await t?.stop();
});

const order = (makerToken: Address, takerToken: Address) =>
  createSignedOrder({
    deployment: t.chain.deployment,
    makerPrivateKey: t.key(1),
    makerToken,
    takerToken,
    makerAmount: 10n * E18,
    takerAmount: 2n * E18,
  });

async function post(signed: SignedOrder) {
  const response = await app.inject({ method: 'POST', url: '/order/new', payload: signed });
  expect(response.statusCode, response.body).toBe(201);
  return hashOrder(signed);
}

const trades = async (query: string) =>
  tradeListResponseSchema.parse((await app.inject(`/trades?${query}`)).json()).trades;

describe('trades, live', () => {
  test('a fill reaches GET /trades and exactly the trades subscriptions it concerns; a re-org takes it back', async () => {
    const taker = t.address(TAKER).toLowerCase();
    const market = await subscribe(1, 'trades', { baseTokenAddress: WETH, quoteTokenAddress: REP });
    const mine = await subscribe(2, 'trades', { trader: taker });
    const everything = await subscribe(3, 'trades', {});
    const otherMarket = await subscribe(4, 'trades', { baseTokenAddress: MKR, quoteTokenAddress: WETH });
    const someoneElse = await subscribe(5, 'trades', { trader: t.address(5).toLowerCase() });
    const book = await subscribe(6, 'orderbook', { baseTokenAddress: REP, quoteTokenAddress: WETH });
    const ordersChannel = await subscribe(7, 'orders', {});

    const signed = await order(REP, WETH);
    const hash = (await post(signed)) as Hex;
    const snapshot = (await rpc('evm_snapshot')) as Hex;
    await t.fill(signed, E18 / 2n, TAKER);

    const [recorded] = await (async () => {
      await waitFor(async () => (await trades(`orderHash=${hash}`)).length === 1, 20_000, 'the trade');
      return trades(`orderHash=${hash}`);
    })();
    expect(recorded).toMatchObject({
      orderHash: hash,
      maker: t.address(1).toLowerCase(),
      taker,
      makerTokenAddress: REP,
      takerTokenAddress: WETH,
      filledTakerTokenAmount: (E18 / 2n).toString(),
      filledMakerTokenAmount: ((10n * E18) / 4n).toString(),
    });
    for (const [client, requestId] of [
      [market, 1],
      [mine, 2],
      [everything, 3],
    ] as const) {
      const message = await client.next((m) => m.type === 'trade');
      expect(wsServerMessageSchema.parse(message)).toEqual({
        type: 'trade',
        channel: 'trades',
        requestId,
        payload: recorded,
      });
    }
    // The order's own channels carry its new state, never the trade.
    await ordersChannel.next((m) => m.type === 'state');
    expect((await app.inject(`/order/${hash}`)).json()).toMatchObject({
      remainingTakerTokenAmount: ((3n * E18) / 2n).toString(),
    });

    await rpc('evm_revert', [snapshot]);
    await rpc('anvil_mine', ['0x2']);
    for (const client of [market, mine, everything]) {
      const message = await client.next((m) => m.type === 'tradeRemoved', 20_000);
      expect(message.payload).toEqual(recorded);
    }
    expect(await trades(`orderHash=${hash}`)).toEqual([]);
    expect(orderRecordSchema.parse((await app.inject(`/order/${hash}`)).json()).filledTakerTokenAmount).toBe(
      '0',
    );

    for (const client of [otherMarket, someoneElse, book, ordersChannel]) {
      expect(client.messages.filter((m) => m.channel === 'trades' || m.type.startsWith('trade'))).toEqual([]);
    }
    expect(book.messages.map((m) => m.type)).not.toContain('trade');
  });

  test(`trades subscriptions count toward the ${wsLimits.maxSubscriptionsPerAddress} per address`, async () => {
    const localAddress = '127.0.0.40';
    const open = async () => {
      const client = await openWsClient(wsUrl, { localAddress });
      clients.push(client);
      return client;
    };
    const filter = (n: number) => ({ trader: `0x${n.toString(16).padStart(40, '0')}` });
    // Two connections of 49 each (a frame rate's burst with the marker), then the last two and one more.
    const [orders, trades, last] = [await open(), await open(), await open()];
    for (let id = 1; id <= 49; id++) {
      orders.send({
        type: 'subscribe',
        channel: 'orders',
        requestId: id,
        payload: { makerTokenAddress: filter(id).trader },
      });
      trades.send({ type: 'subscribe', channel: 'trades', requestId: id, payload: filter(id) });
    }
    for (const client of [orders, trades]) {
      client.send({ type: 'subscribe', channel: 'trades', requestId: 999, payload: { trader: 'marker' } });
      await client.next((m) => m.type === 'error' && m.requestId === 999);
    }
    for (const id of [1, 2, 3])
      last.send({ type: 'subscribe', channel: 'trades', requestId: id, payload: filter(100 + id) });
    const refused = await last.next((m) => m.type === 'error');
    expect(refused).toMatchObject({ requestId: 3, payload: { code: 103 } });
    expect(refused.payload.reason).toContain('per address');
    expect(
      [orders, trades, last].flatMap((c) => c.messages.filter((m) => m.payload?.code === 103)),
    ).toHaveLength(1);
  });
});
