import type { OrderRecord } from '@relayer/protocol';
import pino from 'pino';
import { afterEach, expect, test } from 'vitest';
import { captureLog } from '../../test/helpers/captureLog.js';
import { sampleOrderRecord } from '../../test/helpers/sampleOrderRecord.js';
import { serveWsHub } from '../../test/helpers/serveWsHub.js';
import { createStreamBook } from '../../test/helpers/streamBook.js';
import type { WsMessage, WsTestClient } from '../../test/helpers/wsTestClient.js';
import { testConfig } from '../config.js';
import type { OrderEvent } from '../events/BookEvents.js';
import { createWsHub, type WsHubOptions } from './createWsHub.js';
import type { StreamPages } from './streamPages.js';

/**
 * The `stream` channel on the hub with small limits, fed events directly: paging, resume, the
 * fallbacks to a snapshot, refusals and the bounds. Its pages come from a book the test keeps by the
 * same events (the read model's part is covered by streamResume.test.ts on the real app).
 */
const network = testConfig().networks[0] as WsHubOptions['network'];
const cleanup: (() => unknown)[] = [];

afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** The open book the pages read, kept by the events the test dispatches. */
function memoryBook() {
  const orders = new Map<string, OrderRecord>();
  const pages: StreamPages = (cursor, perPage) => {
    const all = [...orders.values()];
    const from = cursor === undefined ? 0 : all.findIndex((o) => o.orderHash === cursor) + 1;
    const page = all.slice(from, from + perPage);
    const last = page.at(-1);
    return {
      orders: JSON.stringify(page),
      next: from + perPage < all.length && last ? last.orderHash : null,
    };
  };
  const apply = (event: OrderEvent) => {
    if (event.type === 'added') orders.set(event.order.orderHash, event.order);
    else if (event.type === 'removed') orders.delete(event.orderHash);
    else {
      const held = orders.get(event.orderHash);
      if (held) orders.set(event.orderHash, { ...held, ...amountsOf(event) });
    }
  };
  return { orders, pages, apply };
}

function amountsOf(event: OrderEvent & { type: 'updated' }) {
  const { state, remainingTakerTokenAmount, remainingMakerTokenAmount } = event;
  const { fillableTakerTokenAmount, fillableMakerTokenAmount } = event;
  return {
    state,
    remainingTakerTokenAmount,
    remainingMakerTokenAmount,
    fillableTakerTokenAmount,
    fillableMakerTokenAmount,
  };
}

async function streamHub(overrides: Partial<WsHubOptions> = {}) {
  const book = memoryBook();
  const hub = createWsHub({
    db: { query: async () => [] },
    network,
    log: pino({ level: 'silent' }),
    streamPages: book.pages,
    ...overrides,
    limits: { streamPageOrders: 3, streamLogEvents: 20, ...overrides.limits },
  });
  const { connect } = await serveWsHub(hub, cleanup);
  /** Changes the book and tells the hub, as the read model and the bus would. */
  const change = (event: OrderEvent) => {
    book.apply(event);
    hub.dispatch(event);
  };
  return { hub, connect, book, change };
}

const until = async (check: () => boolean, what: string, ms = 5_000) => {
  for (const deadline = Date.now() + ms; !check(); ) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

const hashOf = (i: number) => `0x${i.toString(16).padStart(64, '0')}` as const;
const added = (i: number): OrderEvent => ({
  type: 'added',
  network: network.key,
  order: sampleOrderRecord({ orderHash: hashOf(i), salt: String(i) }),
});
const removed = (i: number): OrderEvent => ({
  type: 'removed',
  network: network.key,
  orderHash: hashOf(i),
  state: 'cancelled',
  makerTokenAddress: sampleOrderRecord().makerTokenAddress,
  takerTokenAddress: sampleOrderRecord().takerTokenAddress,
});
const updated = (i: number, remaining: string): OrderEvent => ({
  type: 'updated',
  network: network.key,
  orderHash: hashOf(i),
  state: 'open',
  makerTokenAddress: sampleOrderRecord().makerTokenAddress,
  takerTokenAddress: sampleOrderRecord().takerTokenAddress,
  remainingTakerTokenAmount: remaining,
  remainingMakerTokenAmount: remaining,
  fillableTakerTokenAmount: remaining,
  fillableMakerTokenAmount: remaining,
});
const subscribeStream = (requestId: number, payload: object = {}) => ({
  type: 'subscribe',
  channel: 'stream',
  requestId,
  payload,
});

/** Applies the client's messages to a stream book as they arrive. */
function follow(client: WsTestClient) {
  const book = createStreamBook();
  let applied = 0;
  const catchUp = () => {
    while (applied < client.messages.length) book.apply(client.messages[applied++] as WsMessage);
  };
  return { book, catchUp };
}

/** Waits until the followed book is at `sequence` (having applied everything up to it). */
async function reach(followed: ReturnType<typeof follow>, sequence: number) {
  await until(() => {
    followed.catchUp();
    const at = followed.book.position();
    return at.complete && at.sequence === sequence;
  }, `the book to reach ${sequence}`);
}

const sortedBook = (orders: Map<string, OrderRecord>) =>
  [...orders.values()].sort((a, b) => a.orderHash.localeCompare(b.orderHash));

test('a snapshot comes in pages as of one sequence, then every change with the next sequence', async () => {
  const { connect, book, change } = await streamHub();
  for (let i = 1; i <= 7; i++) change(added(i));
  const client = await connect();
  client.send(subscribeStream(1));
  const followed = follow(client);
  await reach(followed, 7);
  const pages = client.messages.filter((m) => m.type === 'snapshot');
  expect(pages.map((m) => [m.payload.page, m.payload.more, m.payload.orders.length, m.sequence])).toEqual([
    [1, true, 3, 7],
    [2, true, 3, 7],
    [3, false, 1, 7],
  ]);
  change(updated(2, '5'));
  change(removed(3));
  change(added(8));
  await reach(followed, 10);
  expect(client.messages.slice(3).map((m) => [m.type, m.sequence])).toEqual([
    ['state', 8],
    ['remove', 9],
    ['update', 10],
  ]);
  expect(followed.book.sorted()).toEqual(sortedBook(book.orders));
});

test('a client that reconnects with its position gets exactly what it missed, then the live changes', async () => {
  const { connect, book, change } = await streamHub({ limits: { streamLogEvents: 100 } });
  for (let i = 1; i <= 5; i++) change(added(i));
  const first = await connect();
  first.send(subscribeStream(1));
  const followed = follow(first);
  await reach(followed, 5);
  first.close();
  // 50 changes while it is away: new orders, new amounts and removals.
  for (let i = 6; i <= 25; i++) change(added(i));
  for (let i = 6; i <= 20; i++) change(updated(i, String(1000 + i)));
  for (let i = 1; i <= 15; i++) change(removed(i));
  const again = await connect();
  // The book it kept before it dropped goes on.
  const position = followed.book.position();
  again.send(subscribeStream(2, { epoch: position.epoch, since: position.sequence }));
  await until(() => again.messages.length >= 51, 'the missed changes');
  expect(again.messages[0]).toMatchObject({ type: 'resumed', sequence: 5, epoch: position.epoch });
  for (const message of again.messages) followed.book.apply(message);
  expect(again.messages.filter((m) => m.type === 'snapshot')).toEqual([]);
  expect(followed.book.position().sequence).toBe(55);
  expect(followed.book.sorted()).toEqual(sortedBook(book.orders));
  // And it is live: the next change follows.
  change(added(99));
  await again.next((m) => m.type === 'update' && m.sequence === 56);
});

test('a position the ring no longer holds, or from another epoch, gets a fresh snapshot saying why', async () => {
  const { connect, book, change } = await streamHub({ limits: { streamLogEvents: 20 } });
  for (let i = 1; i <= 4; i++) change(added(i));
  const first = await connect();
  first.send(subscribeStream(1));
  const followed = follow(first);
  await reach(followed, 4);
  const { epoch } = followed.book.position();
  first.close();
  // 21 changes: the ring of 20 holds 6-25, not 5, the first one the client missed.
  for (let i = 5; i <= 25; i++) change(added(i));

  const behind = await connect();
  behind.send(subscribeStream(1, { epoch, since: 4 }));
  const rebuilt = follow(behind);
  await reach(rebuilt, 25);
  expect(behind.messages[0]).toMatchObject({
    type: 'snapshot',
    payload: { page: 1, reason: 'tooFarBehind' },
  });
  expect(rebuilt.book.sorted()).toEqual(sortedBook(book.orders));

  // One change fewer to catch up is within the ring.
  const within = await connect();
  within.send(subscribeStream(1, { epoch, since: 5 }));
  expect(await within.next(() => true)).toMatchObject({ type: 'resumed', sequence: 5 });

  const stranger = await connect();
  stranger.send(subscribeStream(1, { epoch: 'another-instance', since: 25 }));
  expect(await stranger.next(() => true)).toMatchObject({
    type: 'snapshot',
    epoch,
    sequence: 25,
    payload: { page: 1, reason: 'otherEpoch' },
  });
});

test('a bad position is refused with code 100 naming the field, and the socket stays usable', async () => {
  const { hub, connect, change } = await streamHub();
  change(added(1));
  const client = await connect();
  client.send(subscribeStream(9));
  const first = await client.next((m) => m.type === 'snapshot');
  const epoch = first.epoch as string;
  const cases: [number, object, string][] = [
    [1, { epoch, since: -1 }, 'payload.since: '],
    [2, { epoch, since: 1.5 }, 'payload.since: '],
    [3, { epoch, since: '1' }, 'payload.since: '],
    [4, { since: 1 }, 'payload.epoch: is required with since'],
    [5, { epoch }, 'payload.since: is required with epoch'],
    [6, { epoch: 'NOT AN EPOCH', since: 1 }, 'payload.epoch: '],
    [7, { epoch, since: 2 }, `payload.since: is ahead of this stream (epoch ${epoch} is at 1)`],
  ];
  for (const [requestId, payload] of cases) client.send(subscribeStream(requestId, payload));
  for (const [requestId, , reason] of cases) {
    const error = await client.next((m) => m.type === 'error' && m.requestId === requestId);
    expect(error.payload.code).toBe(100);
    expect(error.payload.reason).toContain(reason);
  }
  // Refused ones hold nothing: the first subscription is the socket's only one.
  expect(hub.stats().subscriptions).toBe(1);
  client.send(subscribeStream(10));
  expect(await client.next((m) => m.type === 'error' && m.requestId === 10)).toMatchObject({
    payload: {
      code: 100,
      reason: 'Validation failed: requestId 9 already subscribes to this on this connection',
    },
  });
});

test('a stream subscription counts as a snapshot in the address budget', async () => {
  const { connect } = await streamHub({ limits: { maxSnapshotsPerAddress: 1 } });
  const one = await connect();
  const two = await connect();
  one.send(subscribeStream(1));
  await one.next((m) => m.type === 'snapshot');
  two.send(subscribeStream(1));
  expect(await two.next((m) => m.type === 'error')).toMatchObject({
    payload: { code: 103, reason: 'Throttled: at most 1 snapshot subscriptions per address' },
  });
});

test('a stream reader that does not read is dropped, never buffered without limit', async () => {
  const { hub, connect, change } = await streamHub({
    limits: { maxBufferedBytes: 256 * 1024, slowReaderMs: 600_000, pingIntervalMs: 600_000 },
  });
  const reader = await connect();
  const stalled = await connect();
  reader.send(subscribeStream(1));
  stalled.send(subscribeStream(1));
  await reader.next((m) => m.type === 'snapshot');
  await stalled.next((m) => m.type === 'snapshot');
  stalled.socket.pause();
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
      change(added(++sent));
      change(removed(sent));
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  await stalledClosed;
  expect(mostQueued).toBeLessThanOrEqual(256 * 1024);
  await reader.next((m) => m.sequence === 2 * sent, 20_000);
  expect(hub.stats().clients).toBe(1);
}, 30_000);

test('a resync starts a new epoch: subscribers get a fresh snapshot of it, and old positions do not resume', async () => {
  const { hub, connect, book, change } = await streamHub();
  for (let i = 1; i <= 4; i++) change(added(i));
  const client = await connect();
  client.send(subscribeStream(1));
  const followed = follow(client);
  await reach(followed, 4);
  const before = followed.book.position();
  hub.resync('lost notifications');
  const fresh = await client.next((m) => m.type === 'snapshot' && m.payload.reason === 'resync');
  expect(fresh).toMatchObject({ sequence: 0, payload: { page: 1 } });
  expect(fresh.epoch).not.toBe(before.epoch);
  change(added(5));
  await until(() => {
    followed.catchUp();
    const at = followed.book.position();
    return at.complete && at.epoch === fresh.epoch && at.sequence === 1;
  }, 'the first change of the new epoch');
  expect(followed.book.sorted()).toEqual(sortedBook(book.orders));

  const late = await connect();
  late.send(subscribeStream(1, { epoch: before.epoch, since: before.sequence }));
  expect(await late.next(() => true)).toMatchObject({ type: 'snapshot', payload: { reason: 'otherEpoch' } });
});

test('missed changes are sent as the client reads them, never over the output cap', async () => {
  const { hub, connect, book, change } = await streamHub({
    limits: { streamLogEvents: 6_000, maxBufferedBytes: 128 * 1024, lowWaterBytes: 16 * 1024 },
  });
  const first = await connect();
  first.send(subscribeStream(1));
  const followed = follow(first);
  await reach(followed, 0);
  first.close();
  // About 6 MB of changes, more than the kernel's socket buffers and fifty times the cap: sent at
  // once, they would drop the client.
  for (let i = 1; i <= 5_000; i++) change(added(i));
  const again = await connect();
  const position = followed.book.position();
  again.send(subscribeStream(1, { epoch: position.epoch, since: position.sequence }));
  await until(() => again.messages.length === 5_001, 'every missed change', 30_000);
  for (const message of again.messages) followed.book.apply(message);
  expect(followed.book.sorted()).toEqual(sortedBook(book.orders));
  expect(hub.stats().clients).toBe(1);
}, 60_000);

test('a client that falls out of the ring while it catches up is dropped', async () => {
  const logged = captureLog();
  const { hub, connect, change } = await streamHub({
    log: pino({ level: 'debug' }, logged.stream),
    limits: {
      streamLogEvents: 20_000,
      lowWaterBytes: 16 * 1024,
      slowReaderMs: 600_000,
      pingIntervalMs: 600_000,
    },
  });
  const first = await connect();
  first.send(subscribeStream(1));
  const { epoch } = await first.next((m) => m.type === 'snapshot');
  first.close();
  // More than the kernel's socket buffers take, so the catch-up has to wait for the client to read.
  for (let i = 1; i <= 10_000; i++) change(added(i));
  const slow = await connect();
  slow.socket.pause();
  slow.send(subscribeStream(1, { epoch, since: 0 }));
  await until(() => slow.serverSide.bufferedAmount > 16 * 1024, 'the catch-up to fill its output', 20_000);
  // Meanwhile the ring moves past what it has yet to send.
  for (let i = 10_001; i <= 30_000; i++) change(removed(i));
  const closed = new Promise((resolve) => slow.serverSide.once('close', resolve));
  slow.socket.resume();
  await closed;
  await until(() => hub.stats().clients === 0, 'the cleanup');
  expect(logged.lines.filter((line) => line.includes('dropping a client'))).toEqual([
    expect.stringContaining('dropping a client that fell further behind than the stream keeps'),
  ]);
}, 60_000);
