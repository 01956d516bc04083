import type { Database, Queryable } from '../db/Database.js';
import type { Inserted, NewOrderRow } from './OrderWriter.js';
import { type OrderWriteStatements, PREPARED_CHUNK } from './OrderWriteStatements.js';
import { rowsJson } from './rowsJson.js';

/**
 * One multi-row `INSERT … ON CONFLICT` per batch, committed once. With `runPrepared` (PGlite) the batch
 * is split into chunks of at most PREPARED_CHUNK rows, each executed through the statement prepared for
 * its size (at most PREPARED_CHUNK of them, parsed and planned once per process), all in one implicit
 * transaction: one commit, and none of the chunks if one fails. Otherwise (PostgreSQL) one statement,
 * fed the whole batch as one `jsonb` parameter (`rowsJson`).
 */
export async function insertOrderRows(
  db: Queryable & Partial<Pick<Database, 'runPrepared'>>,
  rows: readonly NewOrderRow[],
  statements: OrderWriteStatements,
): Promise<Inserted[]> {
  if (db.runPrepared) {
    const executions = [];
    for (let start = 0; start < rows.length; start += PREPARED_CHUNK) {
      const chunk = rows.slice(start, start + PREPARED_CHUNK);
      const params: unknown[] = [];
      for (const row of chunk) for (const value of row.values) params.push(value);
      executions.push({
        name: `orders_insert_${chunk.length}`,
        sql: statements.insert(chunk.length),
        params,
      });
    }
    return (await db.runPrepared<Inserted>(executions)).flat();
  }
  await statements.columnTypes();
  return db.query<Inserted>(statements.jsonInsert(), [rowsJson(rows)]);
}
