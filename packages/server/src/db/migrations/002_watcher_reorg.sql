-- Chain watcher re-org bookkeeping (engineer B).
-- Which orders the watcher re-read because of logs in each recent block: when a re-org orphans those
-- blocks, exactly these orders are re-verified against the new chain. Pruned with watcher_blocks.
CREATE TABLE watcher_touched (
  network text NOT NULL,
  block_number bigint NOT NULL,
  order_hash text NOT NULL,
  PRIMARY KEY (network, block_number, order_hash)
);
-- When the watcher applied each remembered block (Unix ms), so a re-org also re-verifies orders that
-- acceptance validated against an orphaned block (those created since the first orphaned block).
ALTER TABLE watcher_blocks ADD COLUMN processed_at bigint NOT NULL DEFAULT 0;
-- Fencing token of the watcher leader: the instance that last took the network's advisory lock. A
-- leader whose lock session died unnoticed finds another id here and steps down instead of writing.
ALTER TABLE watcher_state ADD COLUMN leader text;
