-- Ties broken by receive time (issue 29): every sort of GET /order orders equal keys by created_at, then
-- hash, so a salt ground for a low hash cannot put a new order ahead of those already at its key. The
-- history pages seek these indexes by (column, created_at, hash) as they did by (column, hash); the
-- created_at sort is its own tie-break and keeps orders_done_created. The open book is served from the
-- read model (007), which orders the same way.
DROP INDEX orders_done_maker_fee;
DROP INDEX orders_done_taker_fee;
DROP INDEX orders_done_maker_amount;
DROP INDEX orders_done_taker_amount;
DROP INDEX orders_done_maker_symbol;
DROP INDEX orders_done_taker_symbol;
DROP INDEX orders_done_expiration;
CREATE INDEX orders_done_maker_fee ON orders (network, state, maker_fee, created_at, hash) WHERE state <> 'open';
CREATE INDEX orders_done_taker_fee ON orders (network, state, taker_fee, created_at, hash) WHERE state <> 'open';
CREATE INDEX orders_done_maker_amount ON orders (network, state, maker_token_amount, created_at, hash)
  WHERE state <> 'open';
CREATE INDEX orders_done_taker_amount ON orders (network, state, taker_token_amount, created_at, hash)
  WHERE state <> 'open';
CREATE INDEX orders_done_maker_symbol ON orders (network, state, maker_token_symbol, created_at, hash)
  WHERE state <> 'open';
CREATE INDEX orders_done_taker_symbol ON orders (network, state, taker_token_symbol, created_at, hash)
  WHERE state <> 'open';
CREATE INDEX orders_done_expiration ON orders (network, state, expiration, created_at, hash) WHERE state <> 'open';
