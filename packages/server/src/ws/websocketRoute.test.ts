import { exchangeArtifact } from '@relayer/contracts';
import { createSignedOrder, type DevChain, startDevChain } from '@relayer/devchain';
import { orderRecordSchema, orderToContractArgs, type SignedOrder } from '@relayer/protocol';
import type { FastifyInstance } from 'fastify';
import { type Address, createPublicClient, createWalletClient, type Hex, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { networkFor } from '../../test/helpers/networkFor.js';
import { openWsClient, type WsMessage, type WsTestClient } from '../../test/helpers/wsTestClient.js';
import { testConfig } from '../config.js';
import { BookEvents } from '../events/BookEvents.js';
import { type RunningRelayer, startRelayer } from '../startRelayer.js';
import { wsLimits } from './wsLimits.js';

const E18 = 10n ** 18n;
let chain: DevChain;
let relayer: RunningRelayer;
let app: FastifyInstance;
let httpUrl: string;
let wsUrl: string;
const events = new BookEvents();
const open: WsTestClient[] = [];
let REP: Address;
let MKR: Address;
let GNT: Address;
let DGD: Address;

beforeAll(async () => {
  chain = await startDevChain({ port: 0 });
  const network = networkFor(chain);
  const watcher = { ...testConfig().watcher, enabled: true, pollMs: 50 };
  relayer = await startRelayer(testConfig({ networks: [network], watcher, host: '127.0.0.1', port: 0 }), {
    deps: { events },
  });
  app = relayer.app;
  const { port } = app.server.address() as { port: number };
  httpUrl = `http://127.0.0.1:${port}`;
  wsUrl = `ws://127.0.0.1:${port}/v0/ws`;
  const token = (symbol: string) => {
    const found = chain.deployment.tokens.find((t) => t.symbol === symbol);
    if (!found) throw new Error(`devchain has no ${symbol}`);
    return found.address.toLowerCase() as Address;
  };
  [REP, MKR, GNT, DGD] = [token('REP'), token('MKR'), token('GNT'), token('DGD')];
  // The registry import starts when the app is ready; orders are accepted once it listed the tokens.
  for (const deadline = Date.now() + 20_000; ; ) {
    const listed = (await (await fetch(`${httpUrl}/token`)).json()) as { address: string }[];
    if ([REP, MKR, GNT, DGD].every((address) => listed.some((t) => t.address === address))) break;
    if (Date.now() > deadline) throw new Error('the registry tokens were never listed');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}, 120_000);

afterEach(() => {
  for (const client of open.splice(0)) client.close();
});

afterAll(async () => {
  await relayer?.close();
  await chain?.stop();
});

async function client(options: Parameters<typeof openWsClient>[1] = {}) {
  const opened = await openWsClient(wsUrl, options);
  open.push(opened);
  return opened;
}

const makerKey = () => chain.accounts[1]?.privateKey as Hex;

function signed(makerToken: Address, takerToken: Address, makerAmount = E18, takerAmount = 2n * E18) {
  return createSignedOrder({
    deployment: chain.deployment,
    makerPrivateKey: makerKey(),
    makerToken,
    takerToken,
    makerAmount,
    takerAmount,
  });
}

async function post(order: SignedOrder) {
  const response = await fetch(`${httpUrl}/order/new`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(order),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return response.json();
}

const subscribeBook = (requestId: number, base: Address, quote: Address, extra: object = {}) => ({
  type: 'subscribe',
  channel: 'orderbook',
  requestId,
  payload: { baseTokenAddress: base, quoteTokenAddress: quote, ...extra },
});
const isUpdateOf = (order: SignedOrder) => (m: WsMessage) =>
  m.type === 'update' && m.payload?.salt === order.salt;

describe('orderbook channel (SRA v0)', () => {
  test('a snapshot first, then an update for each new order of the pair on either side; other pairs get nothing', async () => {
    const before = await signed(REP, MKR);
    await post(before);
    const subscriber = await client();
    const bystander = await client();
    subscriber.send(subscribeBook(1, REP, MKR, { snapshot: true }));
    bystander.send(subscribeBook(5, GNT, DGD, { snapshot: true }));
    const snapshot = await subscriber.next((m) => m.type === 'snapshot');
    expect(snapshot).toMatchObject({ channel: 'orderbook', requestId: 1 });
    expect(snapshot.payload.asks).toContainEqual(before);
    expect(snapshot.payload.bids).toEqual([]);
    expect(await bystander.next((m) => m.type === 'snapshot')).toMatchObject({
      payload: { bids: [], asks: [] },
    });

    const bid = await signed(MKR, REP);
    const otherPair = await signed(REP, GNT);
    const ask = await signed(REP, MKR, 3n * E18, 5n * E18);
    for (const order of [bid, otherPair, ask]) await post(order);
    const askUpdate = await subscriber.next(isUpdateOf(ask));
    expect(askUpdate).toEqual({ type: 'update', channel: 'orderbook', requestId: 1, payload: ask });
    expect(await subscriber.next(isUpdateOf(bid))).toEqual({
      type: 'update',
      channel: 'orderbook',
      requestId: 1,
      payload: bid,
    });
    // Messages of one socket arrive in order, so by now the REP/GNT order would have come through.
    expect(subscriber.messages.filter((m) => m.type === 'update')).toHaveLength(2);
    expect(subscriber.messages.some(isUpdateOf(otherPair))).toBe(false);
    expect(bystander.messages).toHaveLength(1);
  });

  test('the snapshot honours limit', async () => {
    const subscriber = await client();
    subscriber.send(subscribeBook(2, REP, MKR, { snapshot: true, limit: 1 }));
    const snapshot = await subscriber.next((m) => m.type === 'snapshot');
    expect(snapshot.payload.asks).toHaveLength(1);
    expect(snapshot.payload.bids).toHaveLength(1);
    // Best ask first: 5/3 MKR per REP beats 2/1.
    expect(snapshot.payload.asks[0]).toMatchObject({ makerTokenAmount: (3n * E18).toString() });
  });
});

describe('extensions', () => {
  test('the orders channel carries full OrderRecords, filtered by maker/taker token when asked', async () => {
    const subscriber = await client();
    subscriber.send({ type: 'subscribe', channel: 'orders', requestId: 1, payload: {} });
    subscriber.send({
      type: 'subscribe',
      channel: 'orders',
      requestId: 2,
      payload: { makerTokenAddress: MKR },
    });
    const ask = await signed(REP, MKR);
    const bid = await signed(MKR, REP);
    await post(ask);
    await post(bid);
    const all = await subscriber.next((m) => isUpdateOf(bid)(m) && m.requestId === 1);
    expect(orderRecordSchema.parse(all.payload)).toMatchObject({
      ...bid,
      state: 'open',
      fillableTakerTokenAmount: bid.takerTokenAmount,
    });
    await subscriber.next((m) => isUpdateOf(bid)(m) && m.requestId === 2);
    expect(subscriber.messages.filter((m) => m.requestId === 1)).toHaveLength(2);
    expect(subscriber.messages.filter((m) => m.requestId === 2)).toHaveLength(1);
  });

  test('state and remove messages reach the subscriptions of the pair and no others', async () => {
    const book = await client();
    const orders = await client();
    const bystander = await client();
    book.send(subscribeBook(3, MKR, REP));
    orders.send({ type: 'subscribe', channel: 'orders', requestId: 4, payload: { takerTokenAddress: MKR } });
    bystander.send(subscribeBook(6, GNT, DGD));
    await Promise.all([book, orders, bystander].map((c) => c.handled()));
    const orderHash = `0x${'cd'.repeat(32)}` as Hex;
    const amounts = {
      remainingTakerTokenAmount: '10',
      remainingMakerTokenAmount: '5',
      fillableTakerTokenAmount: '8',
      fillableMakerTokenAmount: '4',
    };
    const pair = { makerTokenAddress: REP, takerTokenAddress: MKR };
    await events.publish({
      type: 'updated',
      network: 'kovan',
      orderHash,
      state: 'open',
      ...pair,
      ...amounts,
    });
    await events.publish({ type: 'updated', network: 'main', orderHash, state: 'open', ...pair, ...amounts });
    await events.publish({ type: 'removed', network: 'main', orderHash, state: 'cancelled', ...pair });
    const expected = (requestId: number, channel: string) => [
      { type: 'state', channel, requestId, payload: { orderHash, state: 'open', ...amounts } },
      { type: 'remove', channel, requestId, payload: { orderHash, state: 'cancelled' } },
    ];
    await book.next((m) => m.type === 'remove');
    await orders.next((m) => m.type === 'remove');
    expect(book.messages).toEqual(expected(3, 'orderbook'));
    expect(orders.messages).toEqual(expected(4, 'orders'));
    // The bystander answered a later frame: had the events reached it, they would have come first.
    await bystander.handled();
    expect(bystander.messages).toEqual([]);
  });
});

describe('robustness and limits', () => {
  test('bad messages get an error message and the socket stays usable', async () => {
    const subscriber = await client();
    subscriber.send('this is not json');
    expect(await subscriber.next((m) => m.type === 'error')).toEqual({
      type: 'error',
      requestId: null,
      payload: { code: 101, reason: 'Malformed JSON' },
    });
    subscriber.send({
      type: 'subscribe',
      channel: 'orderbook',
      requestId: 7,
      payload: { baseTokenAddress: '0xZZ', quoteTokenAddress: MKR },
    });
    const invalid = await subscriber.next((m) => m.type === 'error' && m.requestId === 7);
    expect(invalid.payload.code).toBe(100);
    expect(invalid.payload.reason).toContain('payload.baseTokenAddress');
    subscriber.send(subscribeBook(9, REP, MKR, { snapshot: true }));
    await subscriber.next((m) => m.type === 'snapshot' && m.requestId === 9);
    expect(subscriber.socket.readyState).toBe(subscriber.socket.OPEN);
  });

  test(`a frame over ${wsLimits.maxMessageBytes} bytes closes that connection (1009) and nothing else`, async () => {
    const bystander = await client();
    const oversized = await client();
    oversized.send({
      type: 'subscribe',
      channel: 'orders',
      requestId: 8,
      pad: 'x'.repeat(wsLimits.maxMessageBytes),
    });
    expect((await oversized.closed).code).toBe(1009);
    bystander.send(subscribeBook(1, REP, MKR, { snapshot: true }));
    await bystander.next((m) => m.type === 'snapshot');
  });

  test('a new order reaches each distinct matching subscription of a socket once; a duplicate is refused', async () => {
    const subscriber = await client({ localAddress: '127.0.0.4' });
    subscriber.send(subscribeBook(1, REP, MKR));
    subscriber.send(subscribeBook(2, MKR, REP));
    subscriber.send({ type: 'subscribe', channel: 'orders', requestId: 3, payload: {} });
    subscriber.send({
      type: 'subscribe',
      channel: 'orders',
      requestId: 4,
      payload: { makerTokenAddress: REP },
    });
    subscriber.send({
      type: 'subscribe',
      channel: 'orders',
      requestId: 5,
      payload: { takerTokenAddress: MKR },
    });
    subscriber.send({
      type: 'subscribe',
      channel: 'orders',
      requestId: 6,
      payload: { makerTokenAddress: REP, takerTokenAddress: MKR },
    });
    subscriber.send({ type: 'subscribe', channel: 'orders', requestId: 7, payload: {} });
    expect(await subscriber.next((m) => m.type === 'error')).toEqual({
      type: 'error',
      requestId: 7,
      payload: {
        code: 100,
        reason: 'Validation failed: requestId 3 already subscribes to this on this connection',
      },
    });
    const order = await signed(REP, MKR);
    await post(order);
    await Promise.all(
      [1, 2, 3, 4, 5, 6].map((id) => subscriber.next((m) => isUpdateOf(order)(m) && m.requestId === id)),
    );
    // A later order of another pair shows nothing more of the first came meanwhile (one socket, in order).
    const later = await signed(GNT, DGD);
    await post(later);
    await subscriber.next((m) => isUpdateOf(later)(m) && m.requestId === 3);
    expect(
      subscriber.messages
        .filter(isUpdateOf(order))
        .map((m) => m.requestId)
        .sort(),
    ).toEqual([1, 2, 3, 4, 5, 6]);
  });

  test(`an address may hold ${wsLimits.maxSocketsPerAddress} sockets; the next is refused with code 103 and closed`, async () => {
    const localAddress = '127.0.0.5';
    const first = await Promise.all(
      Array.from({ length: wsLimits.maxSocketsPerAddress }, () => client({ localAddress })),
    );
    const refused = await client({ localAddress });
    expect(await refused.next((m) => m.type === 'error')).toMatchObject({ payload: { code: 103 } });
    expect((await refused.closed).code).toBe(1008);
    first[0]?.close();
    await first[0]?.closed;
    // The server counts the close once it has seen it: until then a new socket may still be refused.
    const kept = async () => {
      const socket = await client({ localAddress });
      const answered = await Promise.race([
        socket.handled().then(() => true),
        socket.closed.then(() => false),
      ]);
      return answered && !socket.messages.some((m) => m.payload?.code === 103) ? socket : undefined;
    };
    let again = await kept();
    for (const deadline = Date.now() + 5_000; !again; again = await kept()) {
      if (Date.now() > deadline) throw new Error('the closed socket was never released');
    }
    again.send(subscribeBook(1, REP, MKR, { snapshot: true }));
    await again.next((m) => m.type === 'snapshot');
  });

  test('many subscribers of one pair each receive a new order once', async () => {
    const addresses = ['127.0.0.6', '127.0.0.7', '127.0.0.8'];
    const subscribers = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        client({ localAddress: addresses[i % addresses.length] ?? '127.0.0.1' }),
      ),
    );
    subscribers.forEach((s, i) => {
      s.send(subscribeBook(i % 7, REP, MKR));
    });
    await Promise.all(subscribers.map((s) => s.handled()));
    const order = await signed(MKR, REP);
    await post(order);
    const received = await Promise.all(subscribers.map((s) => s.next(isUpdateOf(order))));
    received.forEach((message, i) => {
      expect(message.requestId).toBe(i % 7);
    });
    expect(subscribers.every((s) => s.messages.length === 1)).toBe(true);
  });
});

describe('with the chain watcher', () => {
  test('a partial fill sends state, a cancel of the rest sends remove', async () => {
    const subscriber = await client();
    subscriber.send(subscribeBook(1, REP, MKR));
    subscriber.send({ type: 'subscribe', channel: 'orders', requestId: 2, payload: {} });
    const order = await signed(REP, MKR, 4n * E18, 8n * E18);
    const { orderHash } = (await post(order)) as { orderHash: string };
    const { orderAddresses, orderValues } = orderToContractArgs(order);
    const { v, r, s } = order.ecSignature;
    const publicClient = createPublicClient({ transport: http(chain.rpcUrl) });
    const send = async (
      accountIndex: number,
      functionName: 'fillOrder' | 'cancelOrder',
      args: readonly unknown[],
    ) => {
      const account = privateKeyToAccount(chain.accounts[accountIndex]?.privateKey as Hex);
      const wallet = createWalletClient({ account, transport: http(chain.rpcUrl) });
      const hash = await wallet.writeContract({
        address: chain.deployment.exchange,
        abi: exchangeArtifact.abi,
        functionName,
        args,
        chain: null,
      } as never);
      expect((await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 10 })).status).toBe(
        'success',
      );
    };

    await send(2, 'fillOrder', [orderAddresses, orderValues, 2n * E18, false, v, r, s]);
    const state = await subscriber.next((m) => m.type === 'state' && m.requestId === 1, 10_000);
    expect(state.payload).toMatchObject({
      orderHash,
      state: 'open',
      remainingTakerTokenAmount: (6n * E18).toString(),
      remainingMakerTokenAmount: (3n * E18).toString(),
    });
    await subscriber.next((m) => m.type === 'state' && m.requestId === 2);

    await send(1, 'cancelOrder', [orderAddresses, orderValues, 6n * E18]);
    const removed = await subscriber.next((m) => m.type === 'remove' && m.requestId === 1, 10_000);
    expect(removed.payload).toEqual({ orderHash, state: 'cancelled' });
    await subscriber.next((m) => m.type === 'remove' && m.requestId === 2);
  });
});
