import type { Queryable } from '../db/Database.js';

/** Orders looked at per sweep at most; the rest are found by the next one. */
const SWEEP_LIMIT = 1000;

/**
 * Queues one `expiring` event for each open order of a registered maker that expires within
 * `windowSec` of `nowMs` and has not had one (a unique index holds it to one per order and webhook),
 * within the same per-maker bound as every other event. Idempotent, so any instance may run it.
 * Resolves to the events queued and the ones the bound dropped.
 */
export async function enqueueExpiringSoon(
  db: Queryable,
  nowMs: number,
  windowSec: number,
  maxQueuedPerMaker: number,
): Promise<{ queued: { network: string; count: number }[]; dropped: { network: string; count: number }[] }> {
  const rows = await db.query<{ network: string; queued: number; dropped: number }>(
    `WITH c AS (
       SELECT w.id AS webhook_id, w.network, o.hash, o.expires_at, o.maker_token, o.taker_token,
              row_number() OVER (PARTITION BY w.id ORDER BY o.expires_at, o.hash) AS rank,
              (SELECT count(*) FROM webhook_outbox q WHERE q.webhook_id = w.id AND q.status = 'pending') AS held
         FROM webhooks w
         JOIN orders o ON o.network = w.network AND o.maker = w.maker
        WHERE 'expiring' = ANY(w.events) AND o.state = 'open' AND o.expires_at <= $1
          AND NOT EXISTS (SELECT 1 FROM webhook_outbox x
                           WHERE x.webhook_id = w.id AND x.order_hash = o.hash AND x.type = 'expiring')
        LIMIT $3
     ), ins AS (
       INSERT INTO webhook_outbox (webhook_id, type, order_hash, data, created_at)
       SELECT webhook_id, 'expiring', hash,
              jsonb_build_object('expirationUnixTimestampSec', expires_at::text,
                                 'makerTokenAddress', maker_token, 'takerTokenAddress', taker_token),
              $2
         FROM c WHERE held + rank <= $4
       ON CONFLICT DO NOTHING
       RETURNING webhook_id
     )
     SELECT c.network,
            count(*) FILTER (WHERE c.held + c.rank <= $4)::int AS queued,
            count(*) FILTER (WHERE c.held + c.rank > $4)::int AS dropped
       FROM c GROUP BY c.network`,
    [Math.floor(nowMs / 1000) + windowSec, nowMs, SWEEP_LIMIT, maxQueuedPerMaker],
  );
  return {
    queued: rows.filter((r) => r.queued > 0).map((r) => ({ network: r.network, count: Number(r.queued) })),
    dropped: rows.filter((r) => r.dropped > 0).map((r) => ({ network: r.network, count: Number(r.dropped) })),
  };
}
