import { WRITE_COLUMNS } from '../book/store/orderColumns.js';
import type { Queryable } from '../db/Database.js';

/** Rows per prepared INSERT: a batch goes out as chunks of at most this many rows, one statement per size. */
export const PREPARED_CHUNK = 32;

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

/** The rows of `rowsJson` (parameter $1) as a SELECT list of typed columns in WRITE_COLUMNS order. */
function jsonRowsSelect(types: readonly string[]): string {
  return `SELECT ${types.map((type, c) => `(r->>${c})::${type}`).join(', ')}
    FROM jsonb_array_elements($1::jsonb) AS j(r)`;
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
 * The SQL of one order writer's statements, each built once and kept by the writer that uses it: the
 * prepared multi-row INSERT per chunk size, and the JSON-fed statements, whose casts come from the
 * `orders` columns' types (`format_type`), read once.
 */
export class OrderWriteStatements {
  readonly #db: Queryable;
  /** The prepared INSERT's text per row count (at most PREPARED_CHUNK of them). */
  readonly #bySize = new Map<number, string>();
  #types: Promise<string[]> | undefined;
  #known: string[] | undefined;
  readonly #sql = new Map<string, string>();

  constructor(db: Queryable) {
    this.#db = db;
  }

  /** The INSERT of `count` rows ($1… in WRITE_COLUMNS order, row after row). */
  insert(count: number): string {
    let sql = this.#bySize.get(count);
    if (sql === undefined) {
      const width = WRITE_COLUMNS.length;
      const tuples = Array.from(
        { length: count },
        (_, r) => `(${WRITE_COLUMNS.map((_, c) => `$${r * width + c + 1}`).join(', ')})`,
      );
      sql = `INSERT INTO orders (${WRITE_COLUMNS.join(', ')}) VALUES ${tuples.join(', ')} ${CONFLICT_CLAUSE}`;
      if (count <= PREPARED_CHUNK) this.#bySize.set(count, sql);
    }
    return sql;
  }

  /** Reads the columns' types once (again after a failed read): the JSON-fed statements need them. */
  columnTypes(): Promise<string[]> {
    this.#types ??= this.#db
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

  /** The plain INSERT of `rowsJson` rows (after `columnTypes` resolved). */
  jsonInsert(): string {
    return this.#statement(
      'insert',
      (types) => `INSERT INTO orders (${WRITE_COLUMNS.join(', ')})
      ${jsonRowsSelect(types)}
      ${CONFLICT_CLAUSE}`,
    );
  }

  /** `insertWithinQuota`'s statement (after `columnTypes` resolved). */
  quotaInsert(): string {
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
