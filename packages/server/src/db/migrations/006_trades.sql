-- Trades (issue 10 item 5): every LogFill of an order the relayer stores, as the chain watcher applies
-- its block. A row belongs to the block it was logged in; a re-org that orphans the block deletes it.
-- (network, block_number, log_index) is unique on one chain; pages are read newest first by it.
CREATE TABLE trades (
  network text NOT NULL,
  block_number bigint NOT NULL,
  log_index integer NOT NULL,
  block_hash text NOT NULL,
  transaction_hash text NOT NULL,
  -- block.timestamp, Unix seconds.
  block_timestamp bigint NOT NULL,
  order_hash text NOT NULL,
  maker text NOT NULL,
  taker text NOT NULL,
  fee_recipient text NOT NULL,
  maker_token text NOT NULL,
  taker_token text NOT NULL,
  filled_maker numeric(78, 0) NOT NULL,
  filled_taker numeric(78, 0) NOT NULL,
  paid_maker_fee numeric(78, 0) NOT NULL,
  paid_taker_fee numeric(78, 0) NOT NULL,
  PRIMARY KEY (network, block_number, log_index)
);
-- One index per filter, each ending in the page order, so a page of any one filter (and of a market in
-- either direction, or a trader on either side: two seeks merged) reads about one page of rows.
CREATE INDEX trades_by_order ON trades (network, order_hash, block_number, log_index);
CREATE INDEX trades_by_maker ON trades (network, maker, block_number, log_index);
CREATE INDEX trades_by_taker ON trades (network, taker, block_number, log_index);
CREATE INDEX trades_by_maker_token ON trades (network, maker_token, block_number, log_index);
CREATE INDEX trades_by_taker_token ON trades (network, taker_token, block_number, log_index);
CREATE INDEX trades_by_pair ON trades (network, maker_token, taker_token, block_number, log_index);

-- My orders (issue 10 item 4): why an order is not fillable and what its maker lacks, as last read from
-- the chain. `reason` is the fillability code of an unfunded order (other states imply theirs);
-- `shortfalls` is a JSON array of {token, kind, covers, required, available}, '[]' when nothing is missing.
ALTER TABLE orders ADD COLUMN reason text;
ALTER TABLE orders ADD COLUMN shortfalls text NOT NULL DEFAULT '[]';
-- A maker's orders in every state, newest first (the web app's "My orders").
CREATE INDEX orders_by_maker_created ON orders (network, maker, created_at, hash);
