-- PGlite's statistics policy (issue 11; docs/RELIABILITY.md, "PGlite's planner statistics"). PGlite has
-- no autovacuum: createPgliteMaintenance runs ANALYZE when 50 + 10 % of the rows changed, on the event
-- loop. ANALYZE samples 300 rows per unit of statistics target (30,000 at the default 100) and builds
-- statistics for every column: ~0.85 s of CPU at 100,000 orders, ~85 µs per accepted order amortized
-- (~185 µs at 20,000), and a stall of every request while it runs. The read model serves the open book,
-- so what is left on the database filters by network, state, maker, token, expiry, validated block and
-- walks history by the stored sorts; a coarse histogram of those is all the planner uses. The columns
-- no query filters or sorts by get no statistics; the hash is unique (the primary key says so).
-- Measured (in-process, on disk, 100,000 orders): ANALYZE orders 24 ms of CPU instead of ~850 ms.
ALTER TABLE orders ALTER COLUMN network SET STATISTICS 10;
ALTER TABLE orders ALTER COLUMN state SET STATISTICS 10;
ALTER TABLE orders ALTER COLUMN maker SET STATISTICS 10;
ALTER TABLE orders ALTER COLUMN maker_token SET STATISTICS 10;
ALTER TABLE orders ALTER COLUMN taker_token SET STATISTICS 10;
ALTER TABLE orders ALTER COLUMN expires_at SET STATISTICS 10;
ALTER TABLE orders ALTER COLUMN validated_block SET STATISTICS 10;
ALTER TABLE orders ALTER COLUMN created_at SET STATISTICS 10;
ALTER TABLE orders ALTER COLUMN maker_fee SET STATISTICS 10;
ALTER TABLE orders ALTER COLUMN taker_fee SET STATISTICS 10;
ALTER TABLE orders ALTER COLUMN maker_token_amount SET STATISTICS 10;
ALTER TABLE orders ALTER COLUMN taker_token_amount SET STATISTICS 10;
ALTER TABLE orders ALTER COLUMN maker_token_symbol SET STATISTICS 10;
ALTER TABLE orders ALTER COLUMN taker_token_symbol SET STATISTICS 10;
ALTER TABLE orders ALTER COLUMN expiration SET STATISTICS 10;
ALTER TABLE orders ALTER COLUMN hash SET STATISTICS 0;
ALTER TABLE orders ALTER COLUMN exchange SET STATISTICS 0;
ALTER TABLE orders ALTER COLUMN taker SET STATISTICS 0;
ALTER TABLE orders ALTER COLUMN fee_recipient SET STATISTICS 0;
ALTER TABLE orders ALTER COLUMN salt SET STATISTICS 0;
ALTER TABLE orders ALTER COLUMN v SET STATISTICS 0;
ALTER TABLE orders ALTER COLUMN r SET STATISTICS 0;
ALTER TABLE orders ALTER COLUMN s SET STATISTICS 0;
ALTER TABLE orders ALTER COLUMN filled_taker SET STATISTICS 0;
ALTER TABLE orders ALTER COLUMN cancelled_taker SET STATISTICS 0;
ALTER TABLE orders ALTER COLUMN fillable_taker SET STATISTICS 0;
ALTER TABLE orders ALTER COLUMN fillable_maker SET STATISTICS 0;
ALTER TABLE orders ALTER COLUMN updated_at SET STATISTICS 0;
ALTER TABLE orders ALTER COLUMN reason SET STATISTICS 0;
ALTER TABLE orders ALTER COLUMN shortfalls SET STATISTICS 0;
ALTER TABLE orders ALTER COLUMN version SET STATISTICS 0;
