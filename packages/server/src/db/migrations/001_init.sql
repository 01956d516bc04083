-- Relayer schema. One database serves every network; rows carry the network's name.
-- uint256 values are numeric(78,0) (2^256 has 78 digits).

CREATE TABLE tokens (
  network text NOT NULL,
  address text NOT NULL,
  name text NOT NULL,
  symbol text NOT NULL,
  decimals smallint NOT NULL CHECK (decimals BETWEEN 0 AND 36),
  verified boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (network, address)
);
CREATE INDEX tokens_by_name ON tokens (network, lower(name), address);
CREATE UNIQUE INDEX tokens_by_symbol ON tokens (network, upper(symbol));

CREATE TABLE orders (
  network text NOT NULL,
  hash text NOT NULL,
  exchange text NOT NULL,
  maker text NOT NULL,
  taker text NOT NULL,
  maker_token text NOT NULL,
  taker_token text NOT NULL,
  -- Denormalised symbols so the book sorts by token without a join.
  maker_token_symbol text NOT NULL,
  taker_token_symbol text NOT NULL,
  fee_recipient text NOT NULL,
  maker_token_amount numeric(78, 0) NOT NULL,
  taker_token_amount numeric(78, 0) NOT NULL,
  maker_fee numeric(78, 0) NOT NULL,
  taker_fee numeric(78, 0) NOT NULL,
  expiration numeric(78, 0) NOT NULL,
  -- expiration clamped into bigint range for the expiry sweep index.
  expires_at bigint NOT NULL,
  salt numeric(78, 0) NOT NULL,
  v smallint NOT NULL,
  r text NOT NULL,
  s text NOT NULL,
  state text NOT NULL CHECK (state IN ('open', 'filled', 'cancelled', 'expired', 'unfunded')),
  filled_taker numeric(78, 0) NOT NULL DEFAULT 0,
  cancelled_taker numeric(78, 0) NOT NULL DEFAULT 0,
  fillable_taker numeric(78, 0) NOT NULL,
  fillable_maker numeric(78, 0) NOT NULL,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  PRIMARY KEY (network, hash)
);

-- Keyset paging: every sortable column with the hash as tie-breaker, over open orders only.
CREATE INDEX orders_open_maker_fee ON orders (network, maker_fee, hash) WHERE state = 'open';
CREATE INDEX orders_open_taker_fee ON orders (network, taker_fee, hash) WHERE state = 'open';
CREATE INDEX orders_open_maker_amount ON orders (network, maker_token_amount, hash) WHERE state = 'open';
CREATE INDEX orders_open_taker_amount ON orders (network, taker_token_amount, hash) WHERE state = 'open';
CREATE INDEX orders_open_maker_symbol ON orders (network, maker_token_symbol, hash) WHERE state = 'open';
CREATE INDEX orders_open_taker_symbol ON orders (network, taker_token_symbol, hash) WHERE state = 'open';
CREATE INDEX orders_open_expiration ON orders (network, expiration, hash) WHERE state = 'open';
CREATE INDEX orders_open_created ON orders (network, created_at, hash) WHERE state = 'open';
-- Filters.
CREATE INDEX orders_open_pair ON orders (network, maker_token, taker_token, maker_fee, hash) WHERE state = 'open';
CREATE INDEX orders_open_taker_token ON orders (network, taker_token, maker_fee, hash) WHERE state = 'open';
CREATE INDEX orders_by_maker ON orders (network, maker, maker_token);
CREATE INDEX orders_by_state ON orders (network, state, updated_at);
-- Expiry sweep.
CREATE INDEX orders_open_expires_at ON orders (network, expires_at) WHERE state = 'open';

-- Chain watcher progress per network, and the recent block hashes it uses to detect re-orgs.
CREATE TABLE watcher_state (
  network text PRIMARY KEY,
  block_number bigint NOT NULL,
  block_hash text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE watcher_blocks (
  network text NOT NULL,
  block_number bigint NOT NULL,
  block_hash text NOT NULL,
  PRIMARY KEY (network, block_number)
);

CREATE TABLE analytics_pageviews (
  path text NOT NULL,
  day date NOT NULL,
  views bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (path, day)
);
