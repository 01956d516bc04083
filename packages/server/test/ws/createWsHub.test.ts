import type { OrderRecord } from '@relayer/protocol';
import pino from 'pino';
import { afterEach, expect, test } from 'vitest';
import { WebSocketServer } from 'ws';
import { testConfig } from '../../src/config.js';
import { createWsHub, type WsHubOptions } from '../../src/ws/createWsHub.js';
import { sampleOrderRecord } from './sampleOrderRecord.js';
import { openWsClient, type WsTestClient } from './wsTestClient.js';

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
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  server.on('connection', (socket, request) => hub.accept(socket, request.socket.remoteAddress ?? ''));
  await new Promise((resolve) => server.once('listening', resolve));
  cleanup.push(
    () => new Promise((resolve) => server.close(resolve)),
    () => hub.close(),
  );
  const url = `ws://127.0.0.1:${(server.address() as { port: number }).port}`;
  const connect = async (options = {}): Promise<WsTestClient> => {
    const client = await openWsClient(url, options);
    cleanup.push(() => client.close());
    return client;
  };
  return { hub, connect };
}

const subscribe = (requestId: number, snapshot = true) => ({
  type: 'subscribe',
  channel: 'orderbook',
  requestId,
  payload: { baseTokenAddress: base, quoteTokenAddress: quote, snapshot },
});
const until = async (check: () => boolean, what: string) => {
  for (const deadline = Date.now() + 3_000; !check(); ) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

test('drops a socket that stops answering pings and keeps one that answers', async () => {
  const { hub, connect } = await hubServer({ pingIntervalMs: 40 });
  const silent = await connect({ autoPong: false });
  const healthy = await connect();
  expect((await silent.closed).code).toBe(1006);
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(healthy.socket.readyState).toBe(healthy.socket.OPEN);
  expect(hub.stats().clients).toBe(1);
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
  await new Promise((resolve) => setTimeout(resolve, 30));
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
