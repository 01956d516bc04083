import type { Queryable } from '../db/Database.js';

/** One `orders` row to write, values in column order (`WRITE_COLUMNS`). */
export interface NewOrderRow {
  network: string;
  hash: string;
  values: readonly unknown[];
}

export type WriteOutcome = 'inserted' | 'reopened' | 'duplicate';

export const WRITE_COLUMNS = [
  'network',
  'hash',
  'exchange',
  'maker',
  'taker',
  'maker_token',
  'taker_token',
  'maker_token_symbol',
  'taker_token_symbol',
  'fee_recipient',
  'maker_token_amount',
  'taker_token_amount',
  'maker_fee',
  'taker_fee',
  'expiration',
  'expires_at',
  'salt',
  'v',
  'r',
  's',
  'state',
  'filled_taker',
  'cancelled_taker',
  'fillable_taker',
  'fillable_maker',
  'created_at',
  'updated_at',
  'validated_block',
] as const;

/** Rows per statement: 28 parameters each stays far below PostgreSQL's 65,535. */
const MAX_BATCH = 200;

// A row that exists and is open is left alone (an identical re-post); a row that left the book and
// validated again just now is re-opened with the fresh chain state. `xmax = 0` tells a fresh insert.
const CONFLICT_CLAUSE = `ON CONFLICT (network, hash) DO UPDATE SET state = 'open',
  filled_taker = EXCLUDED.filled_taker, cancelled_taker = EXCLUDED.cancelled_taker,
  fillable_taker = EXCLUDED.fillable_taker, fillable_maker = EXCLUDED.fillable_maker,
  updated_at = EXCLUDED.updated_at, validated_block = EXCLUDED.validated_block
  WHERE orders.state <> 'open'
RETURNING network, hash, (xmax = 0) AS inserted`;

interface Pending {
  row: NewOrderRow;
  resolve: (outcome: WriteOutcome) => void;
  reject: (error: unknown) => void;
}

export interface OrderWriter {
  /** Resolves once the row's statement committed: only then may the order be acknowledged. */
  write(row: NewOrderRow): Promise<WriteOutcome>;
}

/**
 * Writes accepted orders. Rows arriving in the same tick go out as one multi-row INSERT: PGlite runs on
 * the event loop and a statement costs about as much as a hundred rows, so batching is what lets
 * acceptance reach its throughput target. Each caller still waits for its own row's commit.
 */
export function createOrderWriter(db: Queryable, onWritten?: (rows: number) => void): OrderWriter {
  let queue: Pending[] = [];
  let running = false;

  async function drain(): Promise<void> {
    running = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, MAX_BATCH);
      queue = queue.slice(batch.length);
      const written = await writeBatch(db, batch);
      if (written > 0) onWritten?.(written);
    }
    running = false;
  }

  return {
    write(row) {
      return new Promise<WriteOutcome>((resolve, reject) => {
        queue.push({ row, resolve, reject });
        if (!running && queue.length === 1) setImmediate(() => void drain());
      });
    },
  };
}

/** Writes one batch and settles its callers; resolves to the number of rows written. */
async function writeBatch(db: Queryable, batch: Pending[]): Promise<number> {
  // One statement may not touch a row twice: later copies of a hash wait for the first's result.
  const first = new Map<string, Pending>();
  const copies: Pending[] = [];
  for (const item of batch) {
    const key = `${item.row.network}:${item.row.hash}`;
    if (first.has(key)) copies.push(item);
    else first.set(key, item);
  }
  const unique = [...first.values()];
  const params: unknown[] = [];
  const tuples = unique.map(({ row }) => {
    const start = params.length;
    params.push(...row.values);
    return `(${row.values.map((_, i) => `$${start + i + 1}`).join(', ')})`;
  });
  try {
    const rows = await db.query<{ network: string; hash: string; inserted: boolean }>(
      `INSERT INTO orders (${WRITE_COLUMNS.join(', ')}) VALUES ${tuples.join(', ')} ${CONFLICT_CLAUSE}`,
      params,
    );
    const written = new Map<string, WriteOutcome>(
      rows.map((r) => [`${r.network}:${r.hash}`, r.inserted ? 'inserted' : 'reopened']),
    );
    for (const [key, item] of first) item.resolve(written.get(key) ?? 'duplicate');
    for (const item of copies) item.resolve('duplicate');
    return rows.length;
  } catch (error) {
    for (const item of batch) item.reject(error);
    return 0;
  }
}
