import { describe, expect, test } from 'vitest';
import { insertFakeOrders } from '../../test/helpers/fakeOrders.js';
import { postgresMissing } from '../../test/helpers/postgresMissing.js';
import { sampleOrderRecord } from '../../test/helpers/sampleOrderRecord.js';
import { useSharedPostgres } from '../../test/helpers/useSharedPostgres.js';
import { openWsClient } from '../../test/helpers/wsTestClient.js';
import { testConfig } from '../config.js';
import type { Database } from '../db/Database.js';
import { type BookEvent, BookEvents } from '../events/BookEvents.js';
import { bridgeBookEvents } from '../events/bridgeBookEvents.js';
import { findOrder } from '../orders/findOrder.js';
import { type RunningRelayer, startRelayer } from '../startRelayer.js';

const order = sampleOrderRecord();
const pair = { makerTokenAddress: order.makerTokenAddress, takerTokenAddress: order.takerTokenAddress };
const updated: BookEvent = {
  type: 'updated',
  network: 'main',
  orderHash: order.orderHash,
  state: 'open',
  ...pair,
  remainingTakerTokenAmount: '1',
  remainingMakerTokenAmount: '1',
  fillableTakerTokenAmount: '1',
  fillableMakerTokenAmount: '1',
};
const removed: BookEvent = {
  type: 'removed',
  network: 'main',
  orderHash: order.orderHash,
  state: 'filled',
  ...pair,
};

function recorder(events: BookEvents) {
  const seen: BookEvent[] = [];
  events.subscribe((event) => seen.push(event));
  return seen;
}

async function until(check: () => boolean, what: string) {
  for (const deadline = Date.now() + 5_000; !check(); ) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

test('with PGlite the bus stays local: one delivery, nothing to undo', async () => {
  // PGlite's kind is all the bridge looks at; LISTEN/NOTIFY must not be touched.
  const untouched = () => Promise.reject(new Error('LISTEN/NOTIFY used with PGlite'));
  const db = {
    kind: 'pglite',
    listen: untouched,
    notify: untouched,
    notifyAll: untouched,
  } as unknown as Database;
  const events = new BookEvents();
  const seen = recorder(events);
  const unbridge = await bridgeBookEvents(db, events);
  await events.publish(removed);
  expect(seen).toEqual([removed]);
  await unbridge();
});

test('when NOTIFY fails the event still reaches this instance', async () => {
  const failing = {
    kind: 'postgres',
    listen: async () => async () => {},
    notifyAll: () => Promise.reject(new Error('connection lost')),
  } as unknown as Database;
  const events = new BookEvents();
  const seen = recorder(events);
  const early: BookEvent[] = [];
  events.subscribe((event) => early.push(event), { early: true });
  const warnings: string[] = [];
  await bridgeBookEvents(failing, events, { warn: (_details, message) => warnings.push(message) });
  await events.publish(removed);
  expect(seen).toEqual([removed]);
  expect(early).toEqual([removed]);
  expect(warnings).toHaveLength(1);
});

/** A stand-in PostgreSQL for one instance: what it NOTIFYs is kept, and delivered when the test says. */
function fakePostgres() {
  const sent: string[] = [];
  let deliver: ((payload: string) => void) | undefined;
  const db = {
    kind: 'postgres',
    listen: async (_channel: string, onPayload: (payload: string) => void) => {
      deliver = onPayload;
      return async () => {};
    },
    notifyAll: async (_channel: string, payloads: readonly string[]) => void sent.push(...payloads),
  } as unknown as Database;
  return { db, sent, deliver: (payload: string) => deliver?.(payload) };
}

test("an instance's own events come back as the objects it published, once, without being decoded", async () => {
  const postgres = fakePostgres();
  const events = new BookEvents();
  const seen = recorder(events);
  const early: BookEvent[] = [];
  events.subscribe((event) => early.push(event), { early: true });
  await bridgeBookEvents(postgres.db, events);
  const added: BookEvent = { type: 'added', network: 'main', order };
  await Promise.all([events.publish(added), events.publish(updated)]);
  // Both went out in one statement, tagged; the early listener had them at once, the others not yet.
  expect(postgres.sent).toHaveLength(2);
  expect(early).toEqual([added, updated]);
  expect(seen).toEqual([]);
  // What comes back is not parsed: a tagged payload whose JSON is broken still hands over the event.
  const [first, second] = postgres.sent as [string, string];
  postgres.deliver(`${first.slice(0, first.indexOf(',', first.indexOf('"seq":')) + 1)}"not json`);
  postgres.deliver(second);
  expect(seen[0]).toBe(added);
  expect(seen[1]).toBe(updated);
  expect(early).toHaveLength(2);
  // Delivered again (or late), an own notification is not handed over twice.
  postgres.deliver(second);
  expect(seen).toHaveLength(2);
});

test('an own notification that never came back is forgotten once a later one does', async () => {
  const postgres = fakePostgres();
  const events = new BookEvents();
  const seen = recorder(events);
  await bridgeBookEvents(postgres.db, events);
  await events.publish(updated);
  await events.publish(removed);
  const [lost, arrived] = postgres.sent as [string, string];
  postgres.deliver(arrived);
  postgres.deliver(lost);
  expect(seen).toEqual([removed]);
});

test("another instance's notification is decoded and checked, its tag dropped", async () => {
  const postgres = fakePostgres();
  const events = new BookEvents();
  const seen = recorder(events);
  const warnings: string[] = [];
  await bridgeBookEvents(postgres.db, events, { warn: (_details, message) => warnings.push(message) });
  postgres.deliver(`{"src":"0123456789abcdef","seq":1,${JSON.stringify(removed).slice(1)}`);
  postgres.deliver(`{"src":"0123456789abcdef","seq":2,"type":"removed","network":"main"}`);
  expect(seen).toEqual([removed]);
  expect(seen[0]).not.toBe(removed);
  expect(warnings).toEqual(['book events: ignoring a malformed notification']);
});

const unavailable = postgresMissing('The book-event bridge tests across instances');

describe.skipIf(Boolean(unavailable))('across instances sharing a PostgreSQL', () => {
  const { url, open } = useSharedPostgres();

  test('every instance, the publisher included, sees every event exactly once and in order', async () => {
    const [first, second] = [new BookEvents(), new BookEvents()];
    const [seenFirst, seenSecond] = [recorder(first), recorder(second)];
    const undo = [await bridgeBookEvents(await open(), first), await bridgeBookEvents(await open(), second)];
    const added: BookEvent = { type: 'added', network: 'main', order };
    await first.publish(added);
    await second.publish(updated);
    await first.publish(removed);
    await until(() => seenFirst.length >= 3 && seenSecond.length >= 3, 'three events on both instances');
    // One more event from each publisher, seen by both: a repeat of an earlier one would come before it.
    const markers: BookEvent[] = [
      { ...removed, orderHash: `0x${'e1'.repeat(32)}` },
      { ...removed, orderHash: `0x${'e2'.repeat(32)}` },
    ];
    await first.publish(markers[0] as BookEvent);
    await second.publish(markers[1] as BookEvent);
    await until(() => seenFirst.length >= 5 && seenSecond.length >= 5, 'the markers on both instances');
    for (const seen of [seenFirst, seenSecond]) {
      expect(seen.slice(0, 3)).toEqual([added, updated, removed]);
      expect(seen).toHaveLength(5);
      expect(seen.slice(3)).toEqual(expect.arrayContaining(markers));
    }
    for (const unbridge of undo) await unbridge();
  });

  test('an order too big for NOTIFY travels as a reference and is read back from the database', async () => {
    const db = await open();
    const [hash] = await insertFakeOrders(db, 'main', [{ makerTokenAmount: '777' }]);
    const stored = await findOrder(db, 'main', hash as `0x${string}`);
    if (!stored) throw new Error('fake order not stored');
    const [first, second] = [new BookEvents(), new BookEvents()];
    const seenSecond = recorder(second);
    const small = { maxNotifyBytes: 100 };
    const undo = [
      await bridgeBookEvents(await open(), first, undefined, small),
      await bridgeBookEvents(await open(), second),
    ];
    await first.publish({ type: 'added', network: 'main', order: stored });
    await until(() => seenSecond.length === 1, 'the referenced order');
    expect(seenSecond).toEqual([{ type: 'added', network: 'main', order: stored }]);
    // The publisher keeps its event: an order whose row it never wrote still reaches its listeners.
    const seenFirst = recorder(first);
    const unstored: BookEvent = {
      type: 'added',
      network: 'main',
      order: { ...stored, orderHash: `0x${'ab'.repeat(32)}` },
    };
    await first.publish(unstored);
    await until(() => seenFirst.length === 1, 'the publisher its own event');
    expect(seenFirst[0]).toBe(unstored);
    for (const unbridge of undo) await unbridge();
  });

  test("a WebSocket client of one app instance gets an order published on another's bus, once", async () => {
    const config = testConfig({ database: { url: url(), dataDir: 'unused' } });
    const buses = [new BookEvents(), new BookEvents()];
    const relayers: RunningRelayer[] = [];
    for (const events of buses) {
      const instance = {
        ...config,
        host: '127.0.0.1',
        port: 0,
        watcher: { ...config.watcher, enabled: false },
      };
      relayers.push(await startRelayer(instance, { deps: { events } }));
    }
    const clients = await Promise.all(
      relayers.map((relayer) => openWsClient(`${relayer.url.replace('http', 'ws')}/v0/ws`)),
    );
    for (const client of clients)
      client.send({ type: 'subscribe', channel: 'orders', requestId: 1, payload: {} });
    await Promise.all(clients.map((client) => client.handled()));
    await buses[0]?.publish({ type: 'added', network: 'main', order });
    for (const client of clients) await client.next((m) => m.type === 'update');
    // A second order from the same bus reaches both: a repeat of the first would have come before it.
    const marker = { ...order, orderHash: `0x${'ef'.repeat(32)}` as const, salt: '2' };
    await buses[0]?.publish({ type: 'added', network: 'main', order: marker });
    for (const client of clients) await client.next((m) => m.payload?.orderHash === marker.orderHash);
    for (const client of clients) {
      expect(client.messages).toEqual([
        { type: 'update', channel: 'orders', requestId: 1, payload: order },
        { type: 'update', channel: 'orders', requestId: 1, payload: marker },
      ]);
      client.close();
    }
    await Promise.all(relayers.map((relayer) => relayer.close()));
  });
});
