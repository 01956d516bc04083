import { WRITE_COLUMNS } from '../book/store/orderColumns.js';
import type { Database, Queryable } from '../db/Database.js';
import { insertOrderRows } from './insertOrderRows.js';
import { insertWithinQuota, overQuota, unvouched } from './makerQuotaCounts.js';
import type {
  Inserted,
  NewOrderRow,
  OrderWriter,
  OrderWriterOptions,
  Pending,
  WriteOutcome,
} from './OrderWriter.js';
import { OrderWriteStatements } from './OrderWriteStatements.js';

export type { NewOrderRow, OrderWriter, OrderWriterOptions, WriteOutcome } from './OrderWriter.js';
export { PREPARED_CHUNK } from './OrderWriteStatements.js';

/** The writer's columns, from the order row's codec. */
export { WRITE_COLUMNS };

/** Rows per statement: 28 parameters each stays far below PostgreSQL's 65,535. */
const MAX_BATCH = 200;

/**
 * Writes accepted orders. Rows arriving in the same tick go out as one multi-row INSERT: PGlite runs on
 * the event loop and a statement costs about as much as a hundred rows, so batching is what lets
 * acceptance reach its throughput target. Each caller still waits for its own row's commit.
 *
 * The per-maker quota is enforced here because batches run one after another: counting a batch's
 * makers' open orders and inserting the admitted rows is one step no other write of this process can
 * interleave with, so concurrent submissions of one maker cannot all slip under the quota together.
 * (Another instance writing at the same moment can: the overshoot is at most what it admits in one
 * batch, which docs/RELIABILITY.md states.) The quota costs at most one query per batch, not per order,
 * and none while acceptance vouches for every row of the batch (`withinQuota`). The writer reads
 * nothing but the database: it only writes.
 */
export function createOrderWriter(
  db: Queryable & Partial<Pick<Database, 'runPrepared'>>,
  options: OrderWriterOptions = {},
): OrderWriter {
  const { onWritten, maxOpenPerMaker = 0 } = options;
  const statements = new OrderWriteStatements(db);
  let queue: Pending[] = [];
  let running = false;

  async function drain(): Promise<void> {
    running = true;
    while (queue.length > 0) {
      let end = Math.min(queue.length, MAX_BATCH);
      // A group is never split between batches: it commits at once or not at all.
      while (
        end < queue.length &&
        queue[end]?.group !== undefined &&
        queue[end]?.group === queue[end - 1]?.group
      )
        end += 1;
      const batch = queue.slice(0, end);
      queue = queue.slice(batch.length);
      const written = await writeBatch(db, batch, maxOpenPerMaker, statements);
      if (written > 0) onWritten?.(written);
    }
    running = false;
  }

  const enqueue = (row: NewOrderRow, group?: object) =>
    new Promise<WriteOutcome>((resolve, reject) => {
      queue.push({ row, resolve, reject, group });
      if (!running && queue.length === 1) setImmediate(() => void drain());
    });
  return {
    write: (row) => enqueue(row),
    writeAll(rows) {
      const group = {};
      return rows.map((row) => enqueue(row, group));
    },
  };
}

/** Writes one batch and settles its callers; resolves to the number of rows written. */
async function writeBatch(
  db: Queryable & Partial<Pick<Database, 'runPrepared'>>,
  batch: Pending[],
  maxOpenPerMaker: number,
  statements: OrderWriteStatements,
): Promise<number> {
  // One statement may not touch a row twice: later copies of a hash wait for the first's result.
  const first = new Map<string, Pending>();
  const copies: Pending[] = [];
  for (const item of batch) {
    const key = `${item.row.network}:${item.row.hash}`;
    if (first.has(key)) copies.push(item);
    else first.set(key, item);
  }
  let unique = [...first.values()];
  const refusedKeys = new Map<string, WriteOutcome>();
  const settleCopies = () => {
    for (const item of copies)
      item.resolve(refusedKeys.get(`${item.row.network}:${item.row.hash}`) ?? 'duplicate');
  };
  const settleWritten = (rows: Inserted[]) => {
    const written = new Map<string, WriteOutcome>(
      rows.map((r) => [`${r.network}:${r.hash}`, r.inserted ? 'inserted' : 'reopened']),
    );
    for (const [key, item] of first) item.resolve(written.get(key) ?? 'duplicate');
    settleCopies();
    return rows.length;
  };
  if (maxOpenPerMaker > 0) {
    // Makers acceptance vouched for in every row are admitted without a query; the rest are counted in
    // the database, so every refusal still rests on the database's count.
    const judged = unique.some((item) => item.row.withinQuota !== undefined);
    const unsure = judged ? unvouched(unique) : unique;
    if (!judged && !db.runPrepared && unsure.some((item) => item.row.maker !== undefined)) {
      // PostgreSQL (no memory: other instances write): the count and the INSERT in one statement; only
      // a batch some maker would take past the quota inserts nothing there and is admitted row by row
      // below.
      try {
        const rows = await insertWithinQuota(db, unique, unsure, maxOpenPerMaker, statements);
        if (rows !== 'crowded') return settleWritten(rows);
      } catch (error) {
        for (const item of batch) item.reject(error);
        return 0;
      }
    }
    try {
      const refused =
        unsure.length > 0 ? await overQuota(db, unsure, maxOpenPerMaker) : new Map<Pending, number>();
      for (const [item, open] of refused) {
        const key = `${item.row.network}:${item.row.hash}`;
        refusedKeys.set(key, { overQuota: open });
        item.resolve({ overQuota: open });
        first.delete(key);
      }
      unique = unique.filter((item) => !refused.has(item));
    } catch (error) {
      for (const item of batch) item.reject(error);
      return 0;
    }
    if (unique.length === 0) {
      settleCopies();
      return 0;
    }
  }
  try {
    const rows = await insertOrderRows(
      db,
      unique.map(({ row }) => row),
      statements,
    );
    return settleWritten(rows);
  } catch (error) {
    for (const item of batch) item.reject(error);
    return 0;
  }
}
