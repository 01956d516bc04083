-- The operator's console (src/admin/). Every change only adds, with defaults, so an instance of the
-- previous version keeps working on this schema during a rolling upgrade.

-- An unlisted token's orders are kept out of the book and new ones refused until it is relisted;
-- a token the operator verified stays verified when the TokenRegistry does not list it.
ALTER TABLE tokens ADD COLUMN unlisted boolean NOT NULL DEFAULT false;
ALTER TABLE tokens ADD COLUMN operator_verified boolean NOT NULL DEFAULT false;

-- The fee policy new orders must match, set without a restart; without a row the configured one holds.
CREATE TABLE fee_policy (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  fee_recipient text NOT NULL,
  maker_fee numeric(78, 0) NOT NULL,
  taker_fee numeric(78, 0) NOT NULL,
  updated_at bigint NOT NULL
);

-- Every admin action: when (Unix ms), what, with which arguments, from which address, and its outcome.
CREATE TABLE admin_audit (
  id bigserial PRIMARY KEY,
  at bigint NOT NULL,
  action text NOT NULL,
  args jsonb NOT NULL,
  caller text NOT NULL,
  result jsonb NOT NULL
);
