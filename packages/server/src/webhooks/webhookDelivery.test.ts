import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { MAKER_1, MAKER_2 } from '../../test/helpers/fakeAddresses.js';
import { fakeHash, insertFakeOrders } from '../../test/helpers/fakeOrders.js';
import { fakeTrade } from '../../test/helpers/fakeTrades.js';
import { openTestDatabase } from '../../test/helpers/openTestDatabase.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/helpers/startWebhookReceiver.js';
import { waitFor } from '../../test/helpers/waitFor.js';
import {
  counted,
  hasValidHmac,
  insertWebhook,
  testWebhookConfig,
  webhookWorld,
} from '../../test/helpers/webhookWorld.js';
import type { Database } from '../db/Database.js';
import type { BookEvent } from '../events/BookEvents.js';
import type { ResolveHost } from './resolveCheckedAddress.js';

const ORDER_A = fakeHash('webhook order a');
const ORDER_B = fakeHash('webhook order b');
const ORDER_C = fakeHash('webhook order c');
const ORDER_SOON = fakeHash('webhook order soon');

function removed(orderHash: string, state: 'cancelled' | 'unfunded' | 'filled'): BookEvent {
  return {
    type: 'removed',
    network: 'main',
    orderHash,
    state,
    makerTokenAddress: '0xa',
    takerTokenAddress: '0xb',
  };
}
const fill = (orderHash: string, logIndex = 0): BookEvent => ({
  type: 'tradeAdded',
  network: 'main',
  trade: fakeTrade({ orderHash: orderHash as `0x${string}`, maker: MAKER_1, logIndex }),
});

describe('webhook delivery', () => {
  let db: Database;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    db = await openTestDatabase();
    receiver = await startWebhookReceiver();
    const soon = String(Math.floor(Date.now() / 1000) + 120);
    await insertFakeOrders(db, 'main', [
      { hash: ORDER_A, maker: MAKER_1 },
      { hash: ORDER_B, maker: MAKER_1 },
      { hash: ORDER_C, maker: MAKER_2 },
      { hash: ORDER_SOON, maker: MAKER_1, expiration: soon },
    ]);
  });
  afterEach(async () => {
    receiver.received.length = 0;
    receiver.answer = 200;
    await db.query('DELETE FROM webhooks');
  });
  afterAll(async () => {
    await receiver?.stop();
    await db?.close();
  });

  test('every event type reaches the maker once, signed, with its id; other makers get nothing', async () => {
    const secret = await insertWebhook(db, MAKER_1, receiver.url);
    const { worker, enqueue } = webhookWorld(db, testWebhookConfig());
    // An order of another maker, and a full fill's `removed` (the fill is told by its trade).
    expect(
      await enqueue([
        fill(ORDER_A),
        removed(ORDER_B, 'cancelled'),
        removed(ORDER_A, 'unfunded'),
        fill(ORDER_C),
        removed(ORDER_A, 'filled'),
      ]),
    ).toBe(3);
    while ((await worker.runOnce()) > 0);
    const received = receiver.received;
    expect(received.map((r) => r.json.type)).toEqual(['fill', 'cancel', 'unfunded', 'expiring']);
    expect(received.map((r) => r.json.orderHash)).toEqual([ORDER_A, ORDER_B, ORDER_A, ORDER_SOON]);
    for (const r of received) {
      expect(hasValidHmac(r, secret)).toBe(true);
      expect(hasValidHmac(r, 'another secret')).toBe(false);
      expect(r.headers['x-relayer-event-id']).toBe(r.json.id);
      expect(r.json).toMatchObject({ maker: MAKER_1, network: 'main', chainId: 50 });
    }
    expect(new Set(received.map((r) => r.json.id)).size).toBe(4);
    expect(received[0]?.json).toMatchObject({
      filledMakerTokenAmount: expect.stringMatching(/^\d+$/),
      filledTakerTokenAmount: '1000000000000000000000000000000',
    });
    expect(received[3]?.json.expirationUnixTimestampSec).toMatch(/^\d+$/);
    // The expiring sweep never queues the same order twice.
    while ((await worker.runOnce()) > 0);
    expect(received).toHaveLength(4);
    const statuses = await db.query<{ status: string }>('SELECT DISTINCT status FROM webhook_outbox');
    expect(statuses).toEqual([{ status: 'delivered' }]);
  });

  test('a receiver down for 30 s still gets every event, each with a valid HMAC', {
    timeout: 90_000,
  }, async () => {
    const secret = await insertWebhook(db, MAKER_1, receiver.url, 'outage-secret');
    const { worker, enqueue, metrics } = webhookWorld(db, testWebhookConfig({ expiringSoonSec: 0 }));
    await receiver.stop();
    await enqueue([fill(ORDER_A, 1), removed(ORDER_B, 'cancelled'), fill(ORDER_A, 2)]);
    worker.start();
    try {
      await new Promise((resolve) => setTimeout(resolve, 30_000));
      expect(receiver.received).toHaveLength(0);
      const failed = (await metrics.deliveries.get()).values.find((v) => v.labels.result === 'failed');
      expect(failed?.value ?? 0).toBeGreaterThan(3);
      await receiver.start();
      await waitFor(() => receiver.received.length >= 3, 15_000, 'the three events after the outage');
    } finally {
      await worker.stop();
    }
    expect(receiver.received.map((r) => r.json.type)).toEqual(['fill', 'cancel', 'fill']);
    expect(receiver.received.every((r) => hasValidHmac(r, secret))).toBe(true);
    expect(await counted(metrics.dead)).toBe(0);
  });

  test('a 5xx answer is retried with the same event id', async () => {
    await insertWebhook(db, MAKER_1, receiver.url);
    const { worker, enqueue } = webhookWorld(db, testWebhookConfig({ expiringSoonSec: 0 }));
    await enqueue([removed(ORDER_B, 'cancelled')]);
    receiver.answer = 503;
    await worker.runOnce();
    receiver.answer = 200;
    await waitFor(
      async () => (await worker.runOnce()) > 0 && receiver.received.length >= 2,
      5000,
      'the retry',
    );
    const [first, second] = receiver.received;
    expect(second?.json.id).toBe(first?.json.id);
    expect(second?.json.attempt).toBe(2);
  });

  test('a listed name that resolves to 127.0.0.1 is never sent anything; the event goes dead', async () => {
    // Registered while it resolved elsewhere; it resolves to loopback at delivery (DNS rebinding).
    await insertWebhook(db, MAKER_1, `http://rebind.example:${receiver.port}/hook`);
    const resolve: ResolveHost = async () => [{ address: '127.0.0.1', family: 4 }];
    const config = testWebhookConfig({
      allowedHosts: ['rebind.example', '127.0.0.1'],
      allowPrivateAddresses: false,
      maxAttempts: 3,
      retryBaseMs: 10,
      retryCapMs: 20,
      expiringSoonSec: 0,
    });
    const { worker, enqueue, metrics } = webhookWorld(db, config, { resolve });
    await enqueue([removed(ORDER_B, 'cancelled')]);
    await waitFor(
      async () => {
        await worker.runOnce();
        return (await counted(metrics.dead)) === 1;
      },
      5000,
      'the event to go dead',
    );
    expect(receiver.received).toHaveLength(0);
    const [row] = await db.query<{ status: string; attempts: number; last_error: string }>(
      'SELECT status, attempts, last_error FROM webhook_outbox',
    );
    expect(row).toMatchObject({ status: 'dead', attempts: 3 });
    expect(row?.last_error).toMatch(/not public/);
  });

  test('a host the operator no longer allows is never sent anything', async () => {
    await insertWebhook(db, MAKER_1, receiver.url);
    const config = testWebhookConfig({
      allowedHosts: ['hooks.example'],
      maxAttempts: 2,
      retryBaseMs: 10,
      expiringSoonSec: 0,
    });
    const { worker, enqueue, metrics } = webhookWorld(db, config);
    await enqueue([removed(ORDER_B, 'cancelled')]);
    await waitFor(async () => {
      await worker.runOnce();
      return (await counted(metrics.dead)) === 1;
    });
    expect(receiver.received).toHaveLength(0);
  });

  test('a maker queue holds at most maxQueuedPerMaker events; the newer ones are dropped and counted', async () => {
    await insertWebhook(db, MAKER_1, receiver.url);
    const { enqueue, metrics, worker } = webhookWorld(
      db,
      testWebhookConfig({ maxQueuedPerMaker: 3, expiringSoonSec: 0 }),
    );
    expect(await enqueue([fill(ORDER_A, 1), fill(ORDER_A, 2)])).toBe(2);
    expect(await enqueue([fill(ORDER_A, 3), fill(ORDER_A, 4), fill(ORDER_A, 5)])).toBe(1);
    expect(await counted(metrics.dropped)).toBe(2);
    while ((await worker.runOnce()) > 0);
    expect(receiver.received.map((r) => r.json.logIndex)).toEqual([1, 2, 3]);
    // Delivered events no longer count against the bound.
    expect(await enqueue([fill(ORDER_A, 6)])).toBe(1);
  });
});
