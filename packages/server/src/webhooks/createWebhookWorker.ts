import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/Database.js';
import { type ClaimedDelivery, claimDeliveries } from './claimDeliveries.js';
import type { WebhookMetrics } from './createWebhookMetrics.js';
import { enqueueExpiringSoon } from './enqueueExpiringSoon.js';
import { postWebhook, type WebhookPost } from './postWebhook.js';
import { type ResolveHost, resolveCheckedAddress, systemResolve } from './resolveCheckedAddress.js';
import { retryDelay } from './retryDelay.js';
import { signWebhookBody } from './signWebhookBody.js';

/** Deliveries in flight at once over every webhook (one per webhook at most). */
const CONCURRENCY = 8;
/** Delivered and dead events are kept this long (their ids stay unique, the expiring ones stay single). */
const RETENTION_MS = 24 * 3600_000;
const PRUNE_EVERY_MS = 60_000;
const PRUNE_BATCH = 1000;
const SWEEP_EVERY_MS = 5000;

export interface WebhookWorker {
  start(): void;
  /** Stops polling and waits for the deliveries in flight (each ends within the timeout). */
  stop(): Promise<void>;
  /** One pass: the expiring-soon sweep when due, then one batch of deliveries; resolves to how many. */
  runOnce(): Promise<number>;
}

export interface WebhookWorkerOptions {
  db: Database;
  config: Config['webhooks'];
  /** Chain ids by network key, sent with every event. */
  chainIds: ReadonlyMap<string, number>;
  metrics: WebhookMetrics;
  now: () => number;
  log: FastifyBaseLogger;
  resolve?: ResolveHost;
  post?: (post: WebhookPost) => Promise<number>;
  random?: () => number;
}

/**
 * Delivers the outbox: claims due events (`claimDeliveries`), POSTs each signed to its webhook's
 * checked address, and marks it delivered on a 2xx answer, or due again after a backoff, or dead
 * after `maxAttempts`. Every instance may run one: claims are leases in the database, longer than the
 * timeout, so no event is sent by two at once and one whose sender died goes out again (at least once).
 * It reads a batch at a time and keeps nothing between passes.
 */
export function createWebhookWorker(options: WebhookWorkerOptions): WebhookWorker {
  const { db, config, metrics, now, log } = options;
  const resolve = options.resolve ?? systemResolve;
  const post = options.post ?? postWebhook;
  const random = options.random ?? Math.random;
  const leaseMs = config.timeoutMs * 2 + 1000;
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<unknown> | undefined;
  let lastSweep = Number.NEGATIVE_INFINITY;
  let lastPrune = Number.NEGATIVE_INFINITY;

  const deliver = async (event: ClaimedDelivery): Promise<void> => {
    const timestamp = Math.floor(now() / 1000);
    const body = JSON.stringify({
      id: event.eventId,
      type: event.type,
      network: event.network,
      chainId: options.chainIds.get(event.network),
      maker: event.maker,
      orderHash: event.orderHash,
      createdAt: event.createdAt,
      attempt: event.attempts,
      ...event.data,
    });
    let failure: string | undefined;
    try {
      const url = new URL(event.url);
      const address = await resolveCheckedAddress(url, config, resolve);
      const status = await post({
        url,
        address,
        body,
        timeoutMs: config.timeoutMs,
        headers: {
          'user-agent': 'relayer-webhooks',
          'x-relayer-event-id': event.eventId,
          'x-relayer-event-type': event.type,
          'x-relayer-timestamp': String(timestamp),
          'x-relayer-signature': signWebhookBody(event.secret, timestamp, body),
        },
      });
      if (status < 200 || status >= 300) failure = `answered ${status}`;
    } catch (error) {
      failure = error instanceof Error ? error.message.slice(0, 200) : 'failed';
    }
    const at = now();
    if (failure === undefined) {
      metrics.deliveries.inc({ network: event.network, result: 'delivered' });
      await db.query(
        `UPDATE webhook_outbox SET status = 'delivered', done_at = $2, locked_until = 0, last_error = NULL
          WHERE id = $1`,
        [event.id, at],
      );
      return;
    }
    metrics.deliveries.inc({ network: event.network, result: 'failed' });
    const dead = event.attempts >= config.maxAttempts;
    if (dead) metrics.dead.inc({ network: event.network });
    log.debug({ eventId: event.eventId, attempts: event.attempts, failure, dead }, 'webhook delivery failed');
    await db.query(
      `UPDATE webhook_outbox SET status = $2, next_attempt_at = $3, locked_until = 0, last_error = $4,
              done_at = $5
        WHERE id = $1`,
      [
        event.id,
        dead ? 'dead' : 'pending',
        at + retryDelay(event.attempts, config.retryBaseMs, config.retryCapMs, random),
        failure,
        dead ? at : null,
      ],
    );
  };

  const housekeeping = async (at: number) => {
    if (config.expiringSoonSec > 0 && at - lastSweep >= SWEEP_EVERY_MS) {
      lastSweep = at;
      const swept = await enqueueExpiringSoon(db, at, config.expiringSoonSec, config.maxQueuedPerMaker);
      for (const { network, count } of swept.dropped) metrics.dropped.inc({ network }, count);
    }
    if (at - lastPrune >= PRUNE_EVERY_MS) {
      lastPrune = at;
      await db.query(
        `DELETE FROM webhook_outbox WHERE id IN (
           SELECT id FROM webhook_outbox WHERE status <> 'pending' AND done_at < $1 LIMIT $2)`,
        [at - RETENTION_MS, PRUNE_BATCH],
      );
      await db.query('DELETE FROM webhook_nonces WHERE expires_at < $1', [Math.floor(at / 1000)]);
    }
  };

  const runOnce = async (): Promise<number> => {
    const at = now();
    await housekeeping(at);
    const claimed = await claimDeliveries(db, at, at + leaseMs, CONCURRENCY);
    await Promise.all(claimed.map(deliver));
    return claimed.length;
  };

  const loop = () => {
    if (!running) return;
    pass = runOnce()
      .catch((error: unknown) => {
        log.warn({ err: error }, 'webhook delivery pass failed; retried');
        return 0;
      })
      .then((count) => {
        if (running) timer = setTimeout(loop, count > 0 ? 0 : config.pollMs);
      });
  };

  return {
    start() {
      if (running) return;
      running = true;
      loop();
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      await pass;
    },
    runOnce,
  };
}
