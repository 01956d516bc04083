import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAKER_1 } from '../../test/helpers/fakeAddresses.js';
import { fakeHash, insertFakeOrders } from '../../test/helpers/fakeOrders.js';
import { fakeTrade } from '../../test/helpers/fakeTrades.js';
import { postgresMissing } from '../../test/helpers/postgresMissing.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/helpers/startWebhookReceiver.js';
import { useSharedPostgres } from '../../test/helpers/useSharedPostgres.js';
import { waitFor } from '../../test/helpers/waitFor.js';
import { insertWebhook, testWebhookConfig, webhookWorld } from '../../test/helpers/webhookWorld.js';

// Two instances on one PostgreSQL both run the delivery worker: each event is claimed, and sent, by one.

const unavailable = postgresMissing('The webhook tests across instances');
const ORDER = fakeHash('instances order');
const EVENTS = 40;

describe.skipIf(Boolean(unavailable))('webhook deliveries across instances sharing a PostgreSQL', () => {
  const { open } = useSharedPostgres();
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver?.stop();
  });

  test('two workers deliver every event exactly once between them while the receiver answers', async () => {
    const [a, b] = [await open(), await open()];
    if (!a || !b) throw new Error('no database');
    await insertFakeOrders(a, 'main', [{ hash: ORDER, maker: MAKER_1 }]);
    await insertWebhook(a, MAKER_1, receiver.url);
    const config = testWebhookConfig({ expiringSoonSec: 0, pollMs: 10 });
    const first = webhookWorld(a, config);
    const second = webhookWorld(b, config);
    const trades = Array.from({ length: EVENTS }, (_, i) => ({
      type: 'tradeAdded' as const,
      network: 'main',
      trade: fakeTrade({ orderHash: ORDER as `0x${string}`, maker: MAKER_1, logIndex: i }),
    }));
    expect(await first.enqueue(trades)).toBe(EVENTS);
    first.worker.start();
    second.worker.start();
    try {
      await waitFor(() => receiver.received.length >= EVENTS, 30_000, 'every event');
      // Give a duplicate time to show up.
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      await Promise.all([first.worker.stop(), second.worker.stop()]);
    }
    const ids = receiver.received.map((r) => r.json.id);
    expect(ids).toHaveLength(EVENTS);
    expect(new Set(ids).size).toBe(EVENTS);
    // One maker's events go out in order, whichever instance sent each.
    expect(receiver.received.map((r) => r.json.logIndex)).toEqual(trades.map((t) => t.trade.logIndex));
  });
});
