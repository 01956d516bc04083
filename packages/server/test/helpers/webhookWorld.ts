import { createHmac } from 'node:crypto';
import pino from 'pino';
import { Registry } from 'prom-client';
import { type Config, testConfig } from '../../src/config.js';
import type { Database } from '../../src/db/Database.js';
import type { BookEvent } from '../../src/events/BookEvents.js';
import { createWebhookMetrics, type WebhookMetrics } from '../../src/webhooks/createWebhookMetrics.js';
import { createWebhookOutbox } from '../../src/webhooks/createWebhookOutbox.js';
import { createWebhookWorker, type WebhookWorkerOptions } from '../../src/webhooks/createWebhookWorker.js';
import type { ReceivedWebhook } from './startWebhookReceiver.js';

/** Webhook settings for tests: loopback allowed explicitly, short timeouts and backoff (same code). */
export function testWebhookConfig(overrides: Partial<Config['webhooks']> = {}): Config['webhooks'] {
  return {
    ...testConfig().webhooks,
    allowedHosts: ['127.0.0.1'],
    allowPrivateAddresses: true,
    timeoutMs: 1000,
    retryBaseMs: 50,
    retryCapMs: 1000,
    maxAttempts: 100,
    pollMs: 20,
    ...overrides,
  };
}

/** Registers `url` for `maker` on network main straight in the table; resolves to its secret. */
export async function insertWebhook(
  db: Database,
  maker: string,
  url: string,
  secret = 'test-secret',
): Promise<string> {
  await db.query(
    `INSERT INTO webhooks (network, maker, url, events, secret, created_at)
     VALUES ('main', $1, $2, '{fill,cancel,unfunded,expiring}', $3, 0)`,
    [maker, url, secret],
  );
  return secret;
}

/** A worker and an outbox on `db` with their own metrics; `enqueue` writes as the watcher does. */
export function webhookWorld(
  db: Database,
  config: Config['webhooks'],
  options: Partial<WebhookWorkerOptions> = {},
) {
  const metrics: WebhookMetrics = createWebhookMetrics(new Registry(), db);
  const outbox = createWebhookOutbox({
    maxQueuedPerMaker: config.maxQueuedPerMaker,
    onDropped: (network, count) => metrics.dropped.inc({ network }, count),
  });
  const worker = createWebhookWorker({
    db,
    config,
    chainIds: new Map([['main', 50]]),
    metrics,
    now: Date.now,
    log: pino({ level: 'silent' }),
    ...options,
  });
  return {
    metrics,
    worker,
    enqueue: (events: BookEvent[]) => db.transaction((tx) => outbox.enqueue(tx, 'main', events, Date.now())),
  };
}

/** A counter's total over its labels. */
export async function counted(counter: { get(): Promise<{ values: { value: number }[] }> }): Promise<number> {
  return (await counter.get()).values.reduce((sum, v) => sum + v.value, 0);
}

/** Whether a received webhook's signature is the HMAC of its timestamp and body under `secret`. */
export function hasValidHmac(received: ReceivedWebhook, secret: string): boolean {
  const timestamp = received.headers['x-relayer-timestamp'];
  const expected = createHmac('sha256', secret).update(`${timestamp}.${received.body}`).digest('hex');
  return received.headers['x-relayer-signature'] === `sha256=${expected}`;
}
