-- The block each order's stored chain state was read at (acceptance's read, then the watcher's and the
-- re-validation sweep's re-reads). The watcher re-checks a live order validated before the block it has
-- applied (acceptance committed it after the watcher had looked), and writes never replace a row's state
-- by one read at an older block. 0 for rows stored before this column: the watcher re-checks them once.
ALTER TABLE orders ADD COLUMN validated_block bigint NOT NULL DEFAULT 0;
CREATE INDEX orders_live_validated_block ON orders (network, validated_block) WHERE state IN ('open', 'unfunded');
-- The re-validation sweep walks the live book by hash in batches.
CREATE INDEX orders_live_hash ON orders (network, hash) WHERE state IN ('open', 'unfunded');
