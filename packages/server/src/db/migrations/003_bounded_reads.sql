-- Bounded reads (issue 9 item 7, issue 17 item 4).
-- Pages of orders that left the book (filled, cancelled, expired, unfunded) seek an index per sortable
-- column like the open book does, instead of sorting a state's whole history. The open book's indexes
-- stay as they are; these cover only rows that are not open, so accepting an order never writes them.
CREATE INDEX orders_done_maker_fee ON orders (network, state, maker_fee, hash) WHERE state <> 'open';
CREATE INDEX orders_done_taker_fee ON orders (network, state, taker_fee, hash) WHERE state <> 'open';
CREATE INDEX orders_done_maker_amount ON orders (network, state, maker_token_amount, hash) WHERE state <> 'open';
CREATE INDEX orders_done_taker_amount ON orders (network, state, taker_token_amount, hash) WHERE state <> 'open';
CREATE INDEX orders_done_maker_symbol ON orders (network, state, maker_token_symbol, hash) WHERE state <> 'open';
CREATE INDEX orders_done_taker_symbol ON orders (network, state, taker_token_symbol, hash) WHERE state <> 'open';
CREATE INDEX orders_done_expiration ON orders (network, state, expiration, hash) WHERE state <> 'open';
CREATE INDEX orders_done_created ON orders (network, state, created_at, hash) WHERE state <> 'open';
-- A token filter on the history reads only that token's rows (then sorts those), never the whole state.
CREATE INDEX orders_done_maker_token ON orders (network, maker_token, state) WHERE state <> 'open';
CREATE INDEX orders_done_taker_token ON orders (network, taker_token, state) WHERE state <> 'open';
-- The per-maker quota counts a maker's open orders at every submission.
CREATE INDEX orders_open_by_maker ON orders (network, maker) WHERE state = 'open';
