import type { Database, Queryable } from './Database.js';
import { DatabaseUnavailableError, rethrowDatabaseError } from './DatabaseUnavailableError.js';

/** A connection, pool or transaction that answers a statement with its rows: PGlite's and pg's alike. */
export interface SqlConnection {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** What both engines build their Database from. */
export interface DatabaseBase {
  /** Runs `run` unless the database is closed, with the engine's errors mapped (`rethrowDatabaseError`). */
  guard<T>(run: () => Promise<T>): Promise<T>;
  isClosed(): boolean;
  /** A guarded Queryable over a connection or a transaction. */
  queryable(target: SqlConnection): Queryable;
  /** The Database's query, notify, ping and close over the main connection. */
  common: Pick<Database, 'query' | 'notify' | 'notifyAll' | 'ping' | 'close'>;
}

/**
 * The part of a Database that does not depend on the engine: once closed, every call fails with
 * DatabaseUnavailableError (a 503, not a crash); ping answers false instead of throwing; close runs
 * `shutdown` once, however often it is called.
 */
export function createDatabaseBase(main: SqlConnection, shutdown: () => Promise<void>): DatabaseBase {
  let closed = false;
  const guard = async <T>(run: () => Promise<T>): Promise<T> => {
    if (closed) throw new DatabaseUnavailableError();
    try {
      return await run();
    } catch (error) {
      return rethrowDatabaseError(error);
    }
  };
  const queryable = (target: SqlConnection): Queryable => ({
    query: <Row>(sql: string, params?: readonly unknown[]) =>
      guard(async () => (await target.query(sql, params ? [...params] : undefined)).rows as Row[]),
  });
  return {
    guard,
    isClosed: () => closed,
    queryable,
    common: {
      ...queryable(main),
      notify: (channel, payload) =>
        guard(async () => void (await main.query('SELECT pg_notify($1, $2)', [channel, payload]))),
      // The list yields its elements in order and the projection calls pg_notify row by row, in that
      // order. Payloads without a line break (JSON text never has one) go as one text joined by them:
      // pg's array encoding escapes every quote of every payload in JavaScript.
      notifyAll: (channel, payloads) =>
        guard(async () => {
          if (payloads.length === 0) return;
          // (An empty text would be an empty list, not one empty payload.)
          if (payloads.every((payload) => payload !== '' && !payload.includes('\n'))) {
            await main.query('SELECT pg_notify($1, p) FROM unnest(string_to_array($2, chr(10))) AS p', [
              channel,
              payloads.join('\n'),
            ]);
          } else {
            await main.query('SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p', [channel, payloads]);
          }
        }),
      async ping() {
        if (closed) return false;
        try {
          await main.query('SELECT 1');
          return true;
        } catch {
          return false;
        }
      },
      async close() {
        if (closed) return;
        closed = true;
        await shutdown();
      },
    },
  };
}
