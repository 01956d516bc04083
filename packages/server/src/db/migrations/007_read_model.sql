-- Reads at memory speed, writes at signature speed (issue 11).
-- The open book is served from each instance's in-memory read model (src/book), so the partial indexes
-- that served its pages, filters and counts go: an accepted order now writes 6 index entries instead
-- of 18. Kept: the primary key (lookups by hash, the model's re-reads), the history pages' indexes
-- (003), my orders (006), and what the watcher, the sweeps and the quota read, each checked with
-- EXPLAIN on both engines (test/db/orderIndexes.test.ts).

-- Each change to a row increments its version; the read model applies a change only over an older one,
-- so events that arrive out of order (several instances) cannot undo a newer state.
ALTER TABLE orders ADD COLUMN version integer NOT NULL DEFAULT 1;

DROP INDEX orders_open_maker_fee;
DROP INDEX orders_open_taker_fee;
DROP INDEX orders_open_maker_amount;
DROP INDEX orders_open_taker_amount;
DROP INDEX orders_open_maker_symbol;
DROP INDEX orders_open_taker_symbol;
DROP INDEX orders_open_expiration;
DROP INDEX orders_open_created;
DROP INDEX orders_open_pair;
DROP INDEX orders_open_taker_token;

-- Both expiry sweeps (open and unfunded orders) in one index, instead of orders_open_expires_at and
-- orders_by_state (whose updated_at nothing orders by).
DROP INDEX orders_open_expires_at;
DROP INDEX orders_by_state;
CREATE INDEX orders_live_expires_at ON orders (network, state, expires_at) WHERE state IN ('open', 'unfunded');

-- A maker's live orders: the per-maker quota counts the open ones, the watcher finds those a maker's
-- transfer may have unfunded. One index instead of orders_open_by_maker and orders_by_maker (every
-- state; my orders read orders_by_maker_created).
DROP INDEX orders_open_by_maker;
DROP INDEX orders_by_maker;
CREATE INDEX orders_live_by_maker ON orders (network, maker, state) WHERE state IN ('open', 'unfunded');
