-- Webhooks per maker (src/webhooks/): one registered URL per maker and network, the nonces its signed
-- registrations used, and the durable outbox of events still to deliver (or delivered, kept a while so
-- an event id is never re-made). Only adds: an instance of the previous version keeps working on it.
CREATE TABLE webhooks (
  id bigserial PRIMARY KEY,
  network text NOT NULL,
  maker text NOT NULL,
  url text NOT NULL,
  events text[] NOT NULL,
  -- The HMAC key, kept in the clear because every delivery is signed with it (docs/API.md says so).
  secret text NOT NULL,
  created_at bigint NOT NULL,
  UNIQUE (network, maker)
);

-- A signed registration or removal is accepted once: its nonce is kept until its message expires.
CREATE TABLE webhook_nonces (
  network text NOT NULL,
  maker text NOT NULL,
  nonce text NOT NULL,
  expires_at bigint NOT NULL,
  PRIMARY KEY (network, maker, nonce)
);

CREATE TABLE webhook_outbox (
  id bigserial PRIMARY KEY,
  event_id text NOT NULL UNIQUE DEFAULT gen_random_uuid()::text,
  webhook_id bigint NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
  type text NOT NULL,
  order_hash text NOT NULL,
  data jsonb NOT NULL,
  created_at bigint NOT NULL,
  -- pending, delivered or dead (gave up after the last attempt).
  status text NOT NULL DEFAULT 'pending',
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at bigint NOT NULL DEFAULT 0,
  -- A delivery in flight holds its row until then: another instance (or this one after a crash) takes
  -- it again only once the lease has run out.
  locked_until bigint NOT NULL DEFAULT 0,
  last_error text,
  done_at bigint
);
-- The head of each maker's queue, and its length (the per-maker bound).
CREATE INDEX webhook_outbox_pending ON webhook_outbox (webhook_id, id) WHERE status = 'pending';
-- One expiring-soon event per order and webhook, however often the sweep sees it.
CREATE UNIQUE INDEX webhook_outbox_expiring ON webhook_outbox (webhook_id, order_hash) WHERE type = 'expiring';
CREATE INDEX webhook_outbox_done ON webhook_outbox (done_at) WHERE status <> 'pending';
