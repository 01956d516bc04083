import type { Queryable } from '../db/Database.js';
import type { BookEvent } from '../events/BookEvents.js';
import { toWebhookDrafts } from './toWebhookDrafts.js';

/** Where the chain watcher queues webhook events, inside the transaction that writes the change. */
export interface WebhookOutbox {
  /** Queues the webhook events `events` report for their makers' webhooks; resolves to how many. */
  enqueue(tx: Queryable, network: string, events: readonly BookEvent[], nowMs: number): Promise<number>;
}

export interface WebhookOutboxOptions {
  maxQueuedPerMaker: number;
  /** Told of the events not queued because their maker's queue was full. */
  onDropped: (network: string, count: number) => void;
}

/**
 * The outbox's writer. One statement per transaction: each event is matched to its order's maker and
 * that maker's webhook (when it asked for the type), and kept only while the webhook holds fewer than
 * `maxQueuedPerMaker` undelivered events; newer events past the bound are dropped and counted, so a
 * receiver that never answers costs a bounded number of rows and nothing in memory.
 */
export function createWebhookOutbox(options: WebhookOutboxOptions): WebhookOutbox {
  return {
    async enqueue(tx, network, events, nowMs) {
      const drafts = toWebhookDrafts(events);
      if (drafts.length === 0) return 0;
      const [row] = await tx.query<{ candidates: number; queued: number }>(
        `WITH e AS (
           SELECT * FROM unnest($2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS e(hash, type, data, n)
         ), c AS (
           SELECT w.id AS webhook_id, e.hash, e.type, e.data,
                  row_number() OVER (PARTITION BY w.id ORDER BY e.n) AS rank,
                  (SELECT count(*) FROM webhook_outbox q WHERE q.webhook_id = w.id AND q.status = 'pending') AS held
             FROM e
             JOIN orders o ON o.network = $1 AND o.hash = e.hash
             JOIN webhooks w ON w.network = $1 AND w.maker = o.maker AND e.type = ANY(w.events)
         ), ins AS (
           INSERT INTO webhook_outbox (webhook_id, type, order_hash, data, created_at)
           SELECT webhook_id, type, hash, data::jsonb, $5 FROM c WHERE held + rank <= $6
           ORDER BY webhook_id, rank
           ON CONFLICT DO NOTHING
           RETURNING 1
         )
         SELECT (SELECT count(*) FROM c)::int AS candidates, (SELECT count(*) FROM ins)::int AS queued`,
        [
          network,
          drafts.map((d) => d.orderHash),
          drafts.map((d) => d.type),
          drafts.map((d) => JSON.stringify(d.data)),
          nowMs,
          options.maxQueuedPerMaker,
        ],
      );
      const candidates = Number(row?.candidates ?? 0);
      const queued = Number(row?.queued ?? 0);
      if (candidates > queued) options.onDropped(network, candidates - queued);
      return queued;
    },
  };
}
