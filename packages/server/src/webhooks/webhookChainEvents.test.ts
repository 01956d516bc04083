import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/helpers/startWebhookReceiver.js';
import { waitFor } from '../../test/helpers/watcherHarness.js';
import { E18, MAKER, useWatcherTestKit } from '../../test/helpers/watcherTestKit.js';
import {
  hasValidHmac,
  insertWebhook,
  testWebhookConfig,
  webhookWorld,
} from '../../test/helpers/webhookWorld.js';
import { createWebhookOutbox } from './createWebhookOutbox.js';

/**
 * The events as the chain makes them: real fills, cancels and transfers on the dev chain, followed by
 * the real watcher, which queues them in the outbox in the transaction that writes the orders; the
 * worker then delivers them to a real receiver.
 */
const kit = useWatcherTestKit();
const { h, account, makeOrder, startWatcher, fill, cancel } = kit;
const SECRET = 'chain-events-secret';

describe('webhooks from the chain watcher', () => {
  let receiver: WebhookReceiver;
  const outbox = createWebhookOutbox({ maxQueuedPerMaker: 1000, onDropped: () => {} });

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver?.stop();
  });
  beforeEach(async () => {
    receiver.received.length = 0;
    await h.db.query('DELETE FROM webhooks');
    await insertWebhook(h.db, account(MAKER).address.toLowerCase(), receiver.url, SECRET);
  });

  /** Runs the worker until `count` events have arrived; resolves to them. */
  async function deliver(count: number, expiringSoonSec = 0) {
    const { worker } = webhookWorld(h.db, testWebhookConfig({ expiringSoonSec }));
    await waitFor(
      async () => {
        await worker.runOnce();
        return receiver.received.length >= count;
      },
      15_000,
      `${count} webhook events`,
    );
    expect(receiver.received.every((r) => hasValidHmac(r, SECRET))).toBe(true);
    return receiver.received.map((r) => r.json);
  }

  test('a partial fill, then a cancel: one fill and one cancel event', async () => {
    const order = await makeOrder();
    const hash = await h.storeOrder(order);
    await startWatcher({ webhooks: outbox });
    await fill(order, E18 / 2n);
    await waitFor(async () => (await h.orderRow(hash))?.filled_taker === (E18 / 2n).toString());
    await cancel(order, 2n * E18);
    await waitFor(async () => (await h.orderRow(hash))?.state === 'cancelled');
    const events = await deliver(2);
    expect(events).toMatchObject([
      {
        type: 'fill',
        orderHash: hash,
        maker: account(MAKER).address.toLowerCase(),
        filledTakerTokenAmount: (E18 / 2n).toString(),
        filledMakerTokenAmount: ((5n * E18) / 2n).toString(),
        taker: expect.stringMatching(/^0x[0-9a-f]{40}$/),
      },
      { type: 'cancel', orderHash: hash, state: 'cancelled' },
    ]);
  });

  test('the maker moving its tokens away: an unfunded event', async () => {
    const order = await makeOrder();
    const hash = await h.storeOrder(order);
    await startWatcher({ webhooks: outbox });
    await kit.emptyMakerBalance(h.token('REP'));
    await waitFor(async () => (await h.orderRow(hash))?.state === 'unfunded');
    expect(await deliver(1)).toMatchObject([{ type: 'unfunded', orderHash: hash, state: 'unfunded' }]);
  });

  test('an order close to its expiration: one expiring event', async () => {
    const soon = await makeOrder({ expiresInSec: 300 });
    const later = await makeOrder({ expiresInSec: 7200 });
    const soonHash = await h.storeOrder(soon);
    await h.storeOrder(later);
    const events = await deliver(1, 600);
    expect(events).toMatchObject([
      { type: 'expiring', orderHash: soonHash, expirationUnixTimestampSec: soon.expirationUnixTimestampSec },
    ]);
  });

  test('a maker without a webhook is told nothing', async () => {
    await h.db.query('DELETE FROM webhooks');
    const order = await makeOrder();
    const hash = await h.storeOrder(order);
    await startWatcher({ webhooks: outbox });
    await fill(order, E18 / 2n);
    await waitFor(async () => (await h.orderRow(hash))?.filled_taker === (E18 / 2n).toString());
    expect(await h.db.query('SELECT 1 FROM webhook_outbox')).toEqual([]);
  });
});
