import type { OrderRecord } from '@relayer/protocol';
import pino from 'pino';
import { afterEach, expect, test } from 'vitest';
import { sampleOrderRecord } from '../../test/helpers/sampleOrderRecord.js';
import { serveWsHub } from '../../test/helpers/serveWsHub.js';
import { testConfig } from '../config.js';
import { createWsHub, type WsHubOptions } from './createWsHub.js';

const network = testConfig().networks[0] as WsHubOptions['network'];
const base = sampleOrderRecord().makerTokenAddress;
const quote = sampleOrderRecord().takerTokenAddress;
const cleanup: (() => unknown)[] = [];

afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function hubServer(overrides: Partial<WsHubOptions> = {}) {
  const hub = createWsHub({
    db: { query: async () => [] },
    network,
    log: pino({ level: 'silent' }),
    queryOrderbook: async () => ({ bids: [], asks: [] }),
    ...overrides,
  });
  const { connect } = await serveWsHub(hub, cleanup);
  return { hub, connect };
}

const subscribe = (requestId: number, snapshot = true) => ({
  type: 'subscribe',
  channel: 'orderbook',
  requestId,
  payload: { baseTokenAddress: base, quoteTokenAddress: quote, snapshot },
});
const ordersOf = (requestId: number) => ({
  type: 'subscribe',
  channel: 'orders',
  requestId,
  payload: { makerTokenAddress: `0x${requestId.toString(16).padStart(40, '0')}` },
});
const allOrders = { type: 'subscribe', channel: 'orders', requestId: 1, payload: {} };
/** A new order of base/quote (about 1.3 KB on the `orders` channel). */
const addedOf = (i: number) => ({
  type: 'added' as const,
  network: network.key,
  order: sampleOrderRecord({ orderHash: `0x${i.toString(16).padStart(64, '0')}`, salt: String(i) }),
});
const until = async (check: () => boolean, what: string) => {
  for (const deadline = Date.now() + 3_000; !check(); ) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

test('drops a socket that stops answering pings and keeps one that answers', async () => {
  const { hub, connect } = await hubServer({ limits: { pingIntervalMs: 40, pongTimeoutMs: 40 } });
  const silent = await connect({ autoPong: false });
  const healthy = await connect();
  expect((await silent.closed).code).toBe(1006);
  // Two more pings: the hub has since judged the healthy socket's pong at least once, and kept it.
  await healthy.nextPing();
  await healthy.nextPing();
  expect(healthy.socket.readyState).toBe(healthy.socket.OPEN);
  expect(hub.stats().clients).toBe(1);
});

test('only a pong keeps a socket: one that sends valid frames but ignores pings is dropped', async () => {
  const { hub, connect } = await hubServer({ limits: { pingIntervalMs: 50, pongTimeoutMs: 50 } });
  const chatty = await connect({ autoPong: false });
  let id = 0;
  const chatter = setInterval(() => {
    if (chatty.socket.readyState === chatty.socket.OPEN) chatty.send(ordersOf(id++));
  }, 10);
  try {
    expect((await chatty.closed).code).toBe(1006);
  } finally {
    clearInterval(chatter);
  }
  expect(id).toBeGreaterThan(5);
  expect(chatty.messages.filter((m) => m.type === 'error')).toEqual([]);
  await until(() => hub.stats().clients === 0, 'the cleanup');
});

test('a client whose queued output stays above the low-water mark is dropped after the deadline', async () => {
  const { hub, connect } = await hubServer({
    // Only the deadline can drop it: no buffer cap, no pings.
    limits: {
      maxBufferedBytes: 1024 ** 3,
      lowWaterBytes: 16 * 1024,
      slowReaderMs: 300,
      pingIntervalMs: 600_000,
    },
  });
  const reader = await connect();
  const stalled = await connect();
  stalled.socket.pause();
  reader.send(allOrders);
  stalled.send(allOrders);
  await until(() => hub.stats().subscriptions === 2, 'both subscriptions');
  const stalledClosed = new Promise((resolve) => stalled.serverSide.once('close', resolve));
  // New orders until its queued output is above the low-water mark (the kernel takes a lot first,
  // and the reader in this same process needs turns to read), then nothing more.
  let sent = 0;
  while (stalled.serverSide.bufferedAmount <= 16 * 1024) {
    for (let i = 0; i < 500; i++) hub.dispatch(addedOf(sent++));
    await new Promise((resolve) => setImmediate(resolve));
    if (sent > 200_000) throw new Error('the stalled socket never queued output');
  }
  const stoppedAt = Date.now();
  await stalledClosed;
  expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(250);
  await reader.next((m) => m.payload?.salt === String(sent - 1), 20_000);
  expect(reader.socket.readyState).toBe(reader.socket.OPEN);
  expect(hub.stats().clients).toBe(1);
}, 30_000);

test('a frame that would take the queued output over the cap drops the client instead of being queued', async () => {
  const { hub, connect } = await hubServer({
    limits: { maxBufferedBytes: 256 * 1024, slowReaderMs: 600_000, pingIntervalMs: 600_000 },
  });
  const stalled = await connect();
  stalled.socket.pause();
  stalled.send(allOrders);
  await until(() => hub.stats().subscriptions === 1, 'the subscription');
  const stalledClosed = new Promise((resolve) => stalled.serverSide.once('close', resolve));
  let closed = false;
  void stalledClosed.then(() => {
    closed = true;
  });
  let sent = 0;
  let mostQueued = 0;
  while (!closed && sent < 200_000) {
    for (let i = 0; i < 100; i++) {
      mostQueued = Math.max(mostQueued, stalled.serverSide.bufferedAmount);
      hub.dispatch(addedOf(sent++));
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  await stalledClosed;
  // Never more queued than the cap: the frame that would have gone over it was not sent.
  expect(mostQueued).toBeLessThanOrEqual(256 * 1024);
  expect(hub.stats().clients).toBe(0);
}, 30_000);

test('a socket holds at most maxSubscriptionsPerSocket subscriptions and maxSnapshotsPerSocket snapshots', async () => {
  const { connect } = await hubServer({ limits: { maxSubscriptionsPerSocket: 3, maxSnapshotsPerSocket: 1 } });
  const client = await connect();
  client.send(subscribe(1));
  client.send({
    ...subscribe(2),
    payload: { baseTokenAddress: quote, quoteTokenAddress: base, snapshot: true },
  });
  client.send(ordersOf(3));
  client.send(ordersOf(4));
  client.send(ordersOf(5));
  client.send(ordersOf(4));
  await client.next((m) => m.type === 'error' && m.requestId === 4);
  expect(client.messages.filter((m) => m.type === 'error').map((m) => [m.requestId, m.payload])).toEqual([
    [2, { code: 103, reason: 'Throttled: at most 1 snapshot subscriptions per connection' }],
    [5, { code: 103, reason: 'Throttled: at most 3 subscriptions per connection' }],
    [4, { code: 100, reason: 'Validation failed: requestId 4 is already subscribed on this connection' }],
  ]);
});

test('events during the snapshot read follow the snapshot, without repeating an order it holds', async () => {
  let release: (book: { bids: OrderRecord[]; asks: OrderRecord[] }) => void = () => {};
  const { hub, connect } = await hubServer({
    queryOrderbook: () =>
      new Promise((resolve) => {
        release = resolve;
      }),
  });
  const client = await connect();
  client.send(subscribe(1));
  await until(() => hub.stats().subscriptions === 1, 'the subscription');
  const inBook = sampleOrderRecord({ orderHash: `0x${'01'.repeat(32)}`, salt: '1' });
  const fresh = sampleOrderRecord({ orderHash: `0x${'02'.repeat(32)}`, salt: '2' });
  hub.dispatch({ type: 'added', network: network.key, order: inBook });
  hub.dispatch({ type: 'added', network: network.key, order: fresh });
  hub.dispatch({
    type: 'removed',
    network: network.key,
    orderHash: inBook.orderHash,
    state: 'filled',
    makerTokenAddress: base,
    takerTokenAddress: quote,
  });
  // A later frame answered, and still nothing of the pair: the events wait for the snapshot.
  await client.handled();
  expect(client.messages).toEqual([]);
  release({ bids: [], asks: [inBook] });
  await client.next((m) => m.type === 'remove');
  expect(
    client.messages.map((m) => [m.type, m.payload.salt ?? m.payload.orderHash ?? m.payload.asks?.length]),
  ).toEqual([
    ['snapshot', 1],
    ['update', '2'],
    ['remove', inBook.orderHash],
  ]);
});

test('a failed snapshot answers an error and frees the request id for a retry', async () => {
  let fail = true;
  const { hub, connect } = await hubServer({
    queryOrderbook: async () => {
      if (fail) throw new Error('database down');
      return { bids: [], asks: [] };
    },
  });
  const client = await connect();
  client.send(subscribe(4));
  expect(await client.next((m) => m.type === 'error')).toEqual({
    type: 'error',
    requestId: 4,
    payload: { code: 500, reason: 'Snapshot unavailable; subscribe again' },
  });
  expect(hub.stats().subscriptions).toBe(0);
  fail = false;
  client.send(subscribe(4));
  await client.next((m) => m.type === 'snapshot' && m.requestId === 4);
});

test('closing a socket removes its subscriptions', async () => {
  const { hub, connect } = await hubServer();
  const client = await connect();
  client.send(subscribe(1, false));
  client.send({ type: 'subscribe', channel: 'orders', requestId: 2, payload: {} });
  await until(() => hub.stats().subscriptions === 2, 'two subscriptions');
  client.close();
  await until(() => hub.stats().clients === 0 && hub.stats().subscriptions === 0, 'the cleanup');
});
