import type { Database, Queryable } from '../../db/Database.js';

/** A chunk's text decoded: how many rows it had and the last row's hash (PostgreSQL's next keyset). */
export interface ChunkRead {
  count: number;
  last: string | undefined;
}

/**
 * The open rows' texts (`rowText` per row, rows joined by line feeds), a chunk at a time: how
 * `readOpenOrders` reads them. PGlite: as of one snapshot, in the table's physical order (not hash
 * order). The blocks are read in order by TID range scans, so each table page is read once,
 * sequentially; reading in hash order instead visits a random page per row, which on disk, once the
 * table outgrows shared_buffers, is one read() per row (1,000,000 orders: over 100 s). One REPEATABLE
 * READ transaction makes the chunks one consistent snapshot (a row updated meanwhile may move to a block
 * already read: the snapshot still sees its old version where it was); changes committed after it
 * arrive as events, which the read model holds during a build. Index and bitmap scans are turned off
 * for the transaction so the planner (without statistics on PGlite) cannot pick an index over the TID
 * range. PostgreSQL: `readOpenTextsByHash`.
 */
export async function readOpenTexts(
  db: Queryable & Pick<Database, 'transaction' | 'kind'>,
  network: string,
  rowText: string,
  onText: (text: string | null | undefined) => ChunkRead,
  blocksPerChunk: number,
): Promise<void> {
  if (db.kind !== 'pglite') return readOpenTextsByHash(db, network, rowText, onText, blocksPerChunk * 8);
  await db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    await tx.query(
      "SELECT set_config('enable_indexscan', 'off', true), set_config('enable_bitmapscan', 'off', true)",
    );
    // After the snapshot was taken (the statement above): every row it sees is in a block below this.
    const [size] = await tx.query<{ blocks: number }>(
      "SELECT (pg_relation_size('orders') / current_setting('block_size')::int)::int AS blocks",
    );
    const blocks = size?.blocks ?? 0;
    for (let block = 0; block < blocks; block += blocksPerChunk) {
      const [result] = await tx.query<{ rows: string | null }>(
        `SELECT string_agg(${rowText}, E'\\n') AS rows FROM orders
          WHERE ctid >= $2::tid AND ctid < $3::tid AND network = $1 AND state = 'open'`,
        [network, `(${block},0)`, `(${block + blocksPerChunk},0)`],
      );
      onText(result?.rows);
    }
  });
}

/**
 * PostgreSQL: keyset chunks in hash order over `orders_live_hash`, each its own statement (as the
 * rebuild always read; a change between chunks is read in its new state or arrives as an event). The
 * server's own buffer cache and read-ahead serve the index order well, and it runs in another process.
 */
async function readOpenTextsByHash(
  db: Queryable,
  network: string,
  rowText: string,
  onText: (text: string | null | undefined) => ChunkRead,
  limit: number,
): Promise<void> {
  for (let after = ''; ; ) {
    const [result] = await db.query<{ rows: string | null }>(
      `SELECT string_agg(${rowText}, E'\\n') AS rows FROM (
         SELECT * FROM orders WHERE network = $1 AND state = 'open' AND hash > $2 ORDER BY hash LIMIT $3
       ) o`,
      [network, after, limit],
    );
    const { count, last } = onText(result?.rows);
    if (count < limit || last === undefined) return;
    after = last;
  }
}
