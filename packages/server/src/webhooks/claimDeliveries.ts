import type { Queryable } from '../db/Database.js';

/** A claimed event with what sending it needs. */
export interface ClaimedDelivery {
  id: string;
  eventId: string;
  type: string;
  network: string;
  maker: string;
  orderHash: string;
  data: Record<string, unknown>;
  createdAt: number;
  /** This attempt's number (1 for the first). */
  attempts: number;
  url: string;
  secret: string;
}

interface Row {
  id: string;
  event_id: string;
  type: string;
  network: string;
  maker: string;
  order_hash: string;
  data: Record<string, unknown> | string;
  created_at: string | number;
  attempts: number;
  url: string;
  secret: string;
}

/**
 * Takes up to `limit` due events, at most one per webhook (the oldest undelivered one, so a maker's
 * events go out in order and a slow receiver holds one delivery at a time), and leases them until
 * `leaseUntil`. The lease is taken by a conditional UPDATE, so of two instances claiming the same row
 * only one gets it; a row whose lease ran out (its instance died mid-delivery) is due again.
 */
export async function claimDeliveries(
  db: Queryable,
  nowMs: number,
  leaseUntil: number,
  limit: number,
): Promise<ClaimedDelivery[]> {
  const heads = await db.query<{ id: string }>(
    `SELECT o.id FROM webhooks w
       CROSS JOIN LATERAL (SELECT q.id, q.next_attempt_at, q.locked_until FROM webhook_outbox q
                            WHERE q.webhook_id = w.id AND q.status = 'pending' ORDER BY q.id LIMIT 1) o
      WHERE o.next_attempt_at <= $1 AND o.locked_until <= $1
      ORDER BY o.next_attempt_at, o.id LIMIT $2`,
    [nowMs, limit],
  );
  if (heads.length === 0) return [];
  const rows = await db.query<Row>(
    `UPDATE webhook_outbox o SET locked_until = $2, attempts = o.attempts + 1
       FROM webhooks w
      WHERE o.id = ANY($1::bigint[]) AND o.status = 'pending' AND o.locked_until <= $3 AND w.id = o.webhook_id
      RETURNING o.id, o.event_id, o.type, w.network, w.maker, o.order_hash, o.data, o.created_at, o.attempts,
                w.url, w.secret`,
    [heads.map((h) => h.id), leaseUntil, nowMs],
  );
  return rows.map((r) => ({
    id: String(r.id),
    eventId: r.event_id,
    type: r.type,
    network: r.network,
    maker: r.maker,
    orderHash: r.order_hash,
    data: typeof r.data === 'string' ? (JSON.parse(r.data) as Record<string, unknown>) : r.data,
    createdAt: Number(r.created_at),
    attempts: Number(r.attempts),
    url: r.url,
    secret: r.secret,
  }));
}
