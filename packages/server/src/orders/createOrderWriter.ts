import { WRITE_COLUMNS } from '../book/store/orderColumns.js';
import type { Database, Queryable } from '../db/Database.js';

/** One `orders` row to write, values in column order (`WRITE_COLUMNS`). */
export interface NewOrderRow {
  network: string;
  hash: string;
  /** The order's maker: when given and the writer has a quota, the row is admitted only within it. */
  maker?: string;
  /**
   * Acceptance's memory of the read model judged the row (`MakerQuotaMemory`): true when it vouches that
   * the maker stays within the quota with it (when every row of the maker in a batch is vouched for, the
   * maker is not counted), false when it cannot; unset without such a memory.
   */
  withinQuota?: boolean;
  values: readonly unknown[];
}

/**
 * `overQuota`: not written, because the maker already has `open` open orders on the network and the
 * quota allows no more (an identical re-post of an open order is never refused: it adds nothing).
 */
export type WriteOutcome = 'inserted' | 'reopened' | 'duplicate' | { overQuota: number };

export interface OrderWriterOptions {
  /** Called with the number of rows each batch wrote. */
  onWritten?: (rows: number) => void;
  /** Most open orders one maker may have per network; 0 or unset = no limit. */
  maxOpenPerMaker?: number;
}

/** The writer's columns, from the order row's codec. */
export { WRITE_COLUMNS };

/** Rows per statement: 28 parameters each stays far below PostgreSQL's 65,535. */
const MAX_BATCH = 200;

// A row that exists and is open is left alone (an identical re-post); a row that left the book and
// validated again just now is re-opened with the fresh chain state (a new version). `xmax = 0` tells a
// fresh insert, whose version is 1.
const CONFLICT_CLAUSE = `ON CONFLICT (network, hash) DO UPDATE SET state = 'open',
  filled_taker = EXCLUDED.filled_taker, cancelled_taker = EXCLUDED.cancelled_taker,
  fillable_taker = EXCLUDED.fillable_taker, fillable_maker = EXCLUDED.fillable_maker,
  updated_at = EXCLUDED.updated_at, validated_block = EXCLUDED.validated_block,
  reason = NULL, shortfalls = '[]', version = orders.version + 1
  WHERE orders.state <> 'open'
RETURNING network, hash, (xmax = 0) AS inserted`;

interface Pending {
  row: NewOrderRow;
  resolve: (outcome: WriteOutcome) => void;
  reject: (error: unknown) => void;
  /** Rows given together to `writeAll` share this token, and one batch (one commit) takes all of them. */
  group?: object;
}

/** The key of a maker's quota: per network. */
const makerKey = (network: string, maker: string) => `${network}:${maker}`;

/** The batch's rows per quoted maker (rows without a maker are not under the quota), by `makerKey`. */
function rowsPerMaker(items: readonly Pending[]): Map<string, { network: string; maker: string; n: number }> {
  const makers = new Map<string, { network: string; maker: string; n: number }>();
  for (const { row } of items) {
    if (row.maker === undefined) continue;
    const key = makerKey(row.network, row.maker);
    const entry = makers.get(key);
    if (entry) entry.n += 1;
    else makers.set(key, { network: row.network, maker: row.maker, n: 1 });
  }
  return makers;
}

export interface OrderWriter {
  /** Resolves once the row's statement committed: only then may the order be acknowledged. */
  write(row: NewOrderRow): Promise<WriteOutcome>;
  /** Writes the rows in one batch, so one commit: a batch submission's accepted orders land together. */
  writeAll?(rows: readonly NewOrderRow[]): Promise<WriteOutcome>[];
}

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
  const casts = new ColumnCasts(db);
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
      const written = await writeBatch(db, batch, maxOpenPerMaker, casts);
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
  casts: ColumnCasts,
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
        const rows = await insertWithinQuota(db, unique, unsure, maxOpenPerMaker, casts);
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
    const rows = await insertRows(
      db,
      unique.map(({ row }) => row),
      casts,
    );
    return settleWritten(rows);
  } catch (error) {
    for (const item of batch) item.reject(error);
    return 0;
  }
}

type Inserted = { network: string; hash: string; inserted: boolean };

/** Rows per prepared INSERT: a batch goes out as chunks of at most this many rows, one statement per size. */
export const PREPARED_CHUNK = 32;

/**
 * One multi-row `INSERT … ON CONFLICT` per batch, committed once. With `runPrepared` (PGlite) the batch
 * is split into chunks of at most PREPARED_CHUNK rows, each executed through the statement prepared for
 * its size (at most PREPARED_CHUNK of them, parsed and planned once per process), all in one implicit
 * transaction: one commit, and none of the chunks if one fails. Otherwise (PostgreSQL) one statement,
 * fed the whole batch as one `jsonb` parameter (`rowsJson`).
 */
async function insertRows(
  db: Queryable & Partial<Pick<Database, 'runPrepared'>>,
  rows: readonly NewOrderRow[],
  casts: ColumnCasts,
): Promise<Inserted[]> {
  if (db.runPrepared) {
    const executions = [];
    for (let start = 0; start < rows.length; start += PREPARED_CHUNK) {
      const chunk = rows.slice(start, start + PREPARED_CHUNK);
      const params: unknown[] = [];
      for (const row of chunk) for (const value of row.values) params.push(value);
      executions.push({ name: `orders_insert_${chunk.length}`, sql: insertSql(chunk.length), params });
    }
    return (await db.runPrepared<Inserted>(executions)).flat();
  }
  await casts.get();
  return db.query<Inserted>(casts.jsonInsertSql(), [rowsJson(rows)]);
}

/**
 * A batch's rows as the one `jsonb` parameter of the JSON-fed statements: an array of each row's values
 * in WRITE_COLUMNS order (null for null). One native `JSON.stringify` per batch, where a parameter per
 * value cost the pg client's serializer (a buffer writer call, a length and a string encoding each) ~20
 * µs per 28-value row of relayer CPU (docs/PERFORMANCE.md, "Submissions after HTTP (2026-11-28, session 5)").
 */
function rowsJson(rows: readonly NewOrderRow[]): string {
  const values = rows.map((row) => row.values);
  try {
    return JSON.stringify(values);
  } catch {
    // A bigint value (callers pass decimal strings, but pg takes bigints too).
    return JSON.stringify(values, (_, value) => (typeof value === 'bigint' ? value.toString() : value));
  }
}

/** The rows of `rowsJson` (parameter $1) as a SELECT list of typed columns in WRITE_COLUMNS order. */
function jsonRowsSelect(types: readonly string[]): string {
  return `SELECT ${types.map((type, c) => `(r->>${c})::${type}`).join(', ')}
    FROM jsonb_array_elements($1::jsonb) AS j(r)`;
}

const insertSqlBySize = new Map<number, string>();

/** The writer's INSERT of `count` rows ($1… in WRITE_COLUMNS order, row after row). */
function insertSql(count: number): string {
  let sql = insertSqlBySize.get(count);
  if (sql === undefined) {
    const width = WRITE_COLUMNS.length;
    const tuples = Array.from(
      { length: count },
      (_, r) => `(${WRITE_COLUMNS.map((_, c) => `$${r * width + c + 1}`).join(', ')})`,
    );
    sql = `INSERT INTO orders (${WRITE_COLUMNS.join(', ')}) VALUES ${tuples.join(', ')} ${CONFLICT_CLAUSE}`;
    if (count <= PREPARED_CHUNK) insertSqlBySize.set(count, sql);
  }
  return sql;
}

/** The `orders` columns' types (`format_type`), read once, for the casts of the JSON-fed statements. */
class ColumnCasts {
  #types: Promise<string[]> | undefined;
  #known: string[] | undefined;
  readonly #sql = new Map<string, string>();

  constructor(private readonly db: Queryable) {}

  get(): Promise<string[]> {
    this.#types ??= this.db
      .query<{ name: string; type: string }>(
        `SELECT attname AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute
          WHERE attrelid = 'orders'::regclass AND attnum > 0 AND NOT attisdropped`,
      )
      .then((rows) => {
        const byName = new Map(rows.map((r) => [r.name, r.type]));
        this.#known = WRITE_COLUMNS.map((column) => {
          const type = byName.get(column);
          if (type === undefined) throw new Error(`orders has no column ${column}`);
          return type;
        });
        return this.#known;
      });
    this.#types.catch(() => {
      this.#types = undefined;
    });
    return this.#types;
  }

  /** The plain INSERT of `rowsJson` rows (after `get` resolved). */
  jsonInsertSql(): string {
    return this.#statement(
      'insert',
      (types) => `INSERT INTO orders (${WRITE_COLUMNS.join(', ')})
      ${jsonRowsSelect(types)}
      ${CONFLICT_CLAUSE}`,
    );
  }

  /** `insertWithinQuota`'s statement (after `get` resolved). */
  quotaInsertSql(): string {
    return this.#statement('quota', quotaInsertSql);
  }

  #statement(key: string, build: (types: readonly string[]) => string): string {
    if (!this.#known) throw new Error('the column types are not read yet');
    let sql = this.#sql.get(key);
    if (sql === undefined) {
      sql = build(this.#known);
      this.#sql.set(key, sql);
    }
    return sql;
  }
}

/**
 * PostgreSQL's batch in one statement: the same count of each quoted maker's open orders as `overQuota`
 * (same rows, same rule: open + this batch's rows of the maker > quota), and the batch's INSERT only when
 * no maker is crowded, in one snapshot and one round trip. Resolves to the written rows, or to `crowded`
 * when some maker is: then nothing was written and the batch goes through `overQuota` (which admits row
 * by row, re-posts of open orders included) and the plain INSERT.
 */
async function insertWithinQuota(
  db: Queryable,
  items: Pending[],
  quoted: Pending[],
  max: number,
  casts: ColumnCasts,
): Promise<Inserted[] | 'crowded'> {
  await casts.get();
  const makers = [...rowsPerMaker(quoted).values()];
  const params = [
    rowsJson(items.map(({ row }) => row)),
    makers.map((m) => m.network),
    makers.map((m) => m.maker),
    makers.map((m) => m.n),
    max,
  ];
  const rows = await db.query<Inserted & { crowded: boolean }>(casts.quotaInsertSql(), params);
  if (rows.some((r) => r.crowded)) return 'crowded';
  return rows;
}

/** `insertWithinQuota`'s statement: the rows as `rowsJson` ($1), then the makers' lists and the quota. */
function quotaInsertSql(types: readonly string[]): string {
  return `WITH crowded AS (
       SELECT 1 FROM unnest($2::text[], $3::text[], $4::int[]) AS w(network, maker, n)
        WHERE (SELECT count(*) FROM orders o
                WHERE o.network = w.network AND o.maker = w.maker AND o.state = 'open') + w.n > $5::int
        LIMIT 1),
     written AS (
       INSERT INTO orders (${WRITE_COLUMNS.join(', ')})
       ${jsonRowsSelect(types)} WHERE NOT EXISTS (SELECT 1 FROM crowded)
       ${CONFLICT_CLAUSE})
     SELECT network, hash, inserted, false AS crowded FROM written
     UNION ALL SELECT NULL, NULL, NULL, true FROM crowded`;
}

/**
 * The rows of a batch that would take their maker past the quota, each with the maker's open-order
 * count at that point. Counts come from the database (every source address and instance alike), in
 * one query for the whole batch; rows already open are looked up only when some maker is at the limit.
 */
async function overQuota(db: Queryable, items: Pending[], max: number): Promise<Map<Pending, number>> {
  const refused = new Map<Pending, number>();
  const quoted = items.filter((item) => item.row.maker !== undefined);
  if (quoted.length === 0) return refused;
  const wanted = rowsPerMaker(quoted);
  const makers = [...wanted.values()];
  const counts = await db.query<{ network: string; maker: string; open: number | string }>(
    `SELECT o.network, o.maker, count(*) AS open FROM orders o
      JOIN unnest($1::text[], $2::text[]) AS m(network, maker) ON o.network = m.network AND o.maker = m.maker
      WHERE o.state = 'open' GROUP BY o.network, o.maker`,
    [makers.map((m) => m.network), makers.map((m) => m.maker)],
  );
  const open = new Map(counts.map((r) => [makerKey(r.network, r.maker), Number(r.open)]));
  const crowded = new Set(
    [...wanted].filter(([key, { n }]) => (open.get(key) ?? 0) + n > max).map(([key]) => key),
  );
  if (crowded.size === 0) return refused;
  // An identical re-post of an order that is open already adds nothing: it must pass even at the limit.
  const candidates = quoted.filter((item) => crowded.has(makerKey(item.row.network, item.row.maker ?? '')));
  const alreadyOpen = new Set(
    (
      await db.query<{ network: string; hash: string }>(
        `SELECT o.network, o.hash FROM orders o
          JOIN unnest($1::text[], $2::text[]) AS h(network, hash) ON o.network = h.network AND o.hash = h.hash
          WHERE o.state = 'open'`,
        [candidates.map((item) => item.row.network), candidates.map((item) => item.row.hash)],
      )
    ).map((r) => `${r.network}:${r.hash}`),
  );
  for (const item of candidates) {
    if (alreadyOpen.has(`${item.row.network}:${item.row.hash}`)) continue;
    const key = makerKey(item.row.network, item.row.maker ?? '');
    const count = open.get(key) ?? 0;
    if (count >= max) refused.set(item, count);
    else open.set(key, count + 1);
  }
  return refused;
}

/** The rows of every maker with a row acceptance did not vouch for (one such row and the maker is counted). */
function unvouched(items: Pending[]): Pending[] {
  const unsure = new Set<string>();
  for (const { row } of items) {
    if (row.maker !== undefined && row.withinQuota !== true) unsure.add(makerKey(row.network, row.maker));
  }
  if (unsure.size === 0) return [];
  return items.filter(({ row }) => row.maker !== undefined && unsure.has(makerKey(row.network, row.maker)));
}
