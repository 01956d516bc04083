import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { TOKEN_A, TOKEN_B, TOKEN_C } from '../../test/helpers/fakeAddresses.js';
import { insertFakeOrders, removedEvent } from '../../test/helpers/fakeOrders.js';
import { floodWebSocket } from '../../test/helpers/floodWebSocket.js';
import { startOfflineApp } from '../../test/helpers/offlineApp.js';
import { openWsClient, type WsMessage, type WsTestClient } from '../../test/helpers/wsTestClient.js';
import { wsLimits } from './wsLimits.js';

/**
 * The WebSocket limits against hostile clients, on the real app over real sockets with the default
 * limits: clients that never read, floods of frames, and one address spreading subscriptions over
 * many sockets.
 */
const TOKENS = [TOKEN_A, TOKEN_B, TOKEN_C, `0x${'d'.repeat(40)}`, `0x${'e'.repeat(40)}`] as const;
/** Every ordered pair of the five tokens: twenty distinct books, each with asks and bids. */
const PAIRS = TOKENS.flatMap((base) =>
  TOKENS.filter((quote) => quote !== base).map((quote) => [base, quote]),
);
const ORDERS_PER_SIDE = 150;
const MB = 1024 * 1024;

let started: Awaited<ReturnType<typeof startOfflineApp>>;
let httpUrl: string;
let wsUrl: string;
const open: WsTestClient[] = [];

beforeAll(async () => {
  started = await startOfflineApp();
  const orders = [];
  for (const [makerToken, takerToken] of PAIRS) {
    for (let i = 0; i < ORDERS_PER_SIDE; i++) {
      orders.push({ makerToken, takerToken, makerTokenAmount: String(1000 + i) } as {
        makerToken: string;
        takerToken: string;
        makerTokenAmount: string;
      });
    }
  }
  await insertFakeOrders(started.db, 'main', orders);
  started.resync();
  await started.app.readModel?.book('main');
  await started.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = started.app.server.address() as { port: number };
  httpUrl = `http://127.0.0.1:${port}`;
  wsUrl = `ws://127.0.0.1:${port}/v0/ws`;
}, 120_000);

afterEach(() => {
  for (const client of open.splice(0)) client.close();
});

afterAll(async () => {
  await started?.close();
});

async function client(localAddress = '127.0.0.1') {
  const opened = await openWsClient(wsUrl, { localAddress });
  open.push(opened);
  return opened;
}

const subscribeBook = (requestId: number, [base, quote]: string[], extra: object = {}) => ({
  type: 'subscribe',
  channel: 'orderbook',
  requestId,
  payload: { baseTokenAddress: base, quoteTokenAddress: quote, ...extra },
});
const subscribeOrders = (requestId: number, maker: number) => ({
  type: 'subscribe',
  channel: 'orders',
  requestId,
  payload: { makerTokenAddress: `0x${maker.toString(16).padStart(40, '0')}` },
});
const isError = (code: number) => (m: WsMessage) => m.type === 'error' && m.payload.code === code;

/** Frames of one socket are handled in order: once this invalid frame is answered, all before it were. */
async function handled(socket: WsTestClient): Promise<void> {
  const marker = Math.floor(Math.random() * 1e9);
  socket.send({ type: 'subscribe', channel: 'orderbook', requestId: marker, payload: {} });
  await socket.next((m) => m.type === 'error' && m.requestId === marker);
}

// What the relayer holds, not what the collector has yet to free: RSS right after a full collection,
// taken every 100 ms while the snapshots churn (left to itself, uncollected garbage and the allocator's
// high-water mark would be measured too).
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;
function retainedRss(): number {
  collect();
  return process.memoryUsage().rss;
}

const withTimeout = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`timed out: ${what}`)), ms).unref()),
  ]);

test('100 sockets that never read, each asking for 20 snapshots, are dropped and memory stays bounded', async () => {
  const start = retainedRss();
  let peak = start;
  const sockets = await Promise.all(Array.from({ length: 100 }, (_, i) => client(`127.0.1.${i + 1}`)));
  for (const socket of sockets) socket.socket.pause();
  for (const socket of sockets) {
    PAIRS.forEach((pair, id) => {
      socket.send(subscribeBook(id, pair, { snapshot: true, limit: ORDERS_PER_SIDE }));
    });
  }
  // What kept them open before: some frame now and then, as a live client would send.
  const chatter = setInterval(() => {
    for (const socket of sockets) if (socket.socket.readyState === socket.socket.OPEN) socket.send({});
  }, 2_000);
  let stopSampling = () => {};
  const overBudget = new Promise<never>((_, reject) => {
    const sampler = setInterval(() => {
      peak = Math.max(peak, retainedRss());
      if (peak - start > 100 * MB) reject(new Error(`RSS grew by ${Math.round((peak - start) / MB)} MB`));
    }, 100);
    stopSampling = () => clearInterval(sampler);
  });
  // The default ping interval and pong deadline, with the margin of one reader check.
  const deadline = wsLimits.pingIntervalMs + wsLimits.pongTimeoutMs + 5_000;
  try {
    const closes = await Promise.race([
      withTimeout(
        Promise.all(sockets.map((s) => s.closed)),
        deadline,
        'the non-reading sockets to be dropped',
      ),
      overBudget,
    ]);
    expect(closes.map((c) => c.code)).toEqual(sockets.map(() => 1006));
  } finally {
    clearInterval(chatter);
    stopSampling();
  }
  expect(peak - start).toBeLessThan(100 * MB);
  expect(retainedRss() - start).toBeLessThan(100 * MB);
  // A reader from one of those addresses is served again.
  const reader = await client('127.0.1.1');
  reader.send(subscribeBook(1, PAIRS[0] as string[], { snapshot: true, limit: ORDERS_PER_SIDE }));
  const snapshot = await reader.next((m) => m.type === 'snapshot');
  expect(snapshot.payload.asks).toHaveLength(ORDERS_PER_SIDE);
}, 90_000);

test('/health answers in under 100 ms (median) while five sockets flood frames', async () => {
  const invalid = JSON.stringify({ type: 'subscribe', channel: 'orderbook', requestId: 1, payload: {} });
  const flood = floodWebSocket({
    url: wsUrl,
    sockets: 5,
    perConnection: 200_000,
    durationMs: 6_000,
    frame: invalid,
  });
  const timings: number[] = [];
  // Measured once the flood has had time to pile up frames, as a sustained one would.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  for (let i = 0; i < 15; i++) {
    const begun = performance.now();
    try {
      const response = await fetch(`${httpUrl}/health`, { signal: AbortSignal.timeout(3_000) });
      await response.text();
      timings.push(performance.now() - begun);
    } catch {
      timings.push(3_000);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const report = await flood;
  timings.sort((a, b) => a - b);
  const median = timings[Math.floor(timings.length / 2)] ?? Number.POSITIVE_INFINITY;
  expect(median).toBeLessThan(100);
  // The flooders were closed for it (1008), each after a handful of frames, and came back.
  expect(report.closes.length).toBeGreaterThan(5);
  expect(new Set(report.closes)).toEqual(new Set([1008]));
}, 60_000);

test(`a socket flooding invalid frames is closed with 1008 after ${wsLimits.maxStrikes}, answered at most that often`, async () => {
  const bystander = await client();
  const flooder = await client();
  for (let i = 0; i < 1_000; i++)
    flooder.send({ type: 'subscribe', channel: 'orderbook', requestId: i, payload: {} });
  expect((await flooder.closed).code).toBe(1008);
  expect(flooder.messages.filter((m) => m.type === 'error').length).toBeLessThan(wsLimits.maxStrikes);
  bystander.send(subscribeBook(1, PAIRS[0] as string[], { snapshot: true, limit: 1 }));
  await bystander.next((m) => m.type === 'snapshot');
});

test(`frames over the rate (${wsLimits.frameBurst} at once) are dropped and answered once`, async () => {
  const subscriber = await client('127.0.0.20');
  const sent = wsLimits.frameBurst + 10;
  for (let id = 0; id < sent; id++) subscriber.send(subscribeOrders(id, id));
  const throttled = await subscriber.next(isError(103));
  expect(throttled).toMatchObject({ requestId: null });
  expect(throttled.payload.reason).toContain(`${wsLimits.framesPerSecond} messages a second`);
  // Later frames are taken again once the bucket refills (one frame per 1/framesPerSecond s).
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  await handled(subscriber);
  expect(subscriber.messages.filter((m) => m.type === 'error')).toHaveLength(2);
  expect(subscriber.socket.readyState).toBe(subscriber.socket.OPEN);
});

test(`one address holds at most ${wsLimits.maxSubscriptionsPerAddress} subscriptions across its sockets`, async () => {
  const sockets = await Promise.all(Array.from({ length: 5 }, () => client('127.0.0.21')));
  sockets.forEach((socket, k) => {
    for (let j = 0; j < 25; j++) socket.send(subscribeOrders(j, k * 25 + j));
  });
  await Promise.all(sockets.map(handled));
  const refused = sockets.flatMap((s) => s.messages.filter(isError(103)));
  expect(refused).toHaveLength(5 * 25 - wsLimits.maxSubscriptionsPerAddress);
  for (const message of refused) expect(message.payload.reason).toContain('subscriptions per address');
  // Another address is not affected.
  const other = await client('127.0.0.22');
  other.send(subscribeOrders(1, 1));
  await handled(other);
  expect(other.messages.filter(isError(103))).toEqual([]);
});

test(`one address may ask for ${wsLimits.maxSnapshotsPerAddress} snapshots across its sockets`, async () => {
  const sockets = await Promise.all(Array.from({ length: 3 }, () => client('127.0.0.23')));
  for (const socket of sockets) {
    PAIRS.forEach((pair, id) => {
      socket.send(subscribeBook(id, pair, { snapshot: true, limit: 1 }));
    });
  }
  await Promise.all(sockets.map(handled));
  const refused = sockets.flatMap((s) => s.messages.filter(isError(103)));
  expect(refused).toHaveLength(3 * PAIRS.length - wsLimits.maxSnapshotsPerAddress);
  for (const message of refused)
    expect(message.payload.reason).toContain('snapshot subscriptions per address');
  const snapshots = await Promise.all(
    sockets.map(async (s) => {
      const taken = PAIRS.length - s.messages.filter(isError(103)).length;
      if (taken > 0) await s.next((m) => m.type === 'snapshot' && m.requestId === taken - 1);
      return s.messages.filter((m) => m.type === 'snapshot').length;
    }),
  );
  expect(snapshots.reduce((a, b) => a + b, 0)).toBe(wsLimits.maxSnapshotsPerAddress);
});

test('a duplicate subscription on one socket is refused naming the one that holds it; events come once', async () => {
  const subscriber = await client('127.0.0.24');
  subscriber.send({ type: 'subscribe', channel: 'orders', requestId: 1, payload: {} });
  subscriber.send({ type: 'subscribe', channel: 'orders', requestId: 2, payload: {} });
  subscriber.send(subscribeBook(3, [TOKEN_A, TOKEN_B]));
  subscriber.send(subscribeBook(4, [TOKEN_A, TOKEN_B], { snapshot: true }));
  await handled(subscriber);
  const refusals = subscriber.messages
    .filter(isError(100))
    .filter((m) => m.requestId === 2 || m.requestId === 4);
  expect(refusals.map((m) => [m.requestId, m.payload.reason])).toEqual([
    [2, 'Validation failed: requestId 1 already subscribes to this on this connection'],
    [4, 'Validation failed: requestId 3 already subscribes to this on this connection'],
  ]);
  await started.events.publish(removedEvent('main'));
  await handled(subscriber);
  expect(subscriber.messages.filter((m) => m.type === 'remove').map((m) => m.requestId)).toEqual([3, 1]);
});
