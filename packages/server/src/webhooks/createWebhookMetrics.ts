import { Counter, Gauge, type Registry } from 'prom-client';
import type { Database } from '../db/Database.js';

export interface WebhookMetrics {
  deliveries: Counter<'network' | 'result'>;
  dead: Counter<'network'>;
  dropped: Counter<'network'>;
}

/**
 * The webhook series (`relayer_webhook_*`): attempts by result, events given up on (dead), events a
 * full per-maker queue dropped, and the undelivered events held in the outbox, counted at scrape time.
 */
export function createWebhookMetrics(registry: Registry, db: Database): WebhookMetrics {
  new Gauge({
    name: 'relayer_webhook_queued',
    help: 'Webhook events in the outbox not delivered yet',
    registers: [registry],
    async collect() {
      // Like the other scrape-time gauges: NaN while the database cannot be read, never a failed scrape.
      try {
        const [row] = await db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM webhook_outbox WHERE status = 'pending'",
        );
        this.set(Number(row?.n ?? 0));
      } catch {
        this.set(Number.NaN);
      }
    },
  });
  return {
    deliveries: new Counter({
      name: 'relayer_webhook_deliveries_total',
      help: 'Webhook delivery attempts by result (delivered: a 2xx answer; failed: anything else)',
      labelNames: ['network', 'result'],
      registers: [registry],
    }),
    dead: new Counter({
      name: 'relayer_webhook_dead_total',
      help: 'Webhook events given up on after the last attempt',
      labelNames: ['network'],
      registers: [registry],
    }),
    dropped: new Counter({
      name: 'relayer_webhook_dropped_total',
      help: "Webhook events not queued because the maker's queue was full",
      labelNames: ['network'],
      registers: [registry],
    }),
  };
}
