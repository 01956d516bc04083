import pg from 'pg';
import { createDatabaseBase } from './createDatabaseBase.js';
import { createPostgresListener, type PostgresListenerOptions } from './createPostgresListener.js';
import type { Database } from './Database.js';
import { rethrowDatabaseError } from './DatabaseUnavailableError.js';

export interface PostgresOptions {
  url: string;
  /** Pool size; each instance also holds one listener connection and one per advisory lock. */
  max?: number;
  /** Per statement; a stuck statement answers 503 rather than holding a request forever. */
  statementTimeoutMs?: number;
  connectTimeoutMs?: number;
  /** Where connection-level errors of idle clients are reported (they must not crash the process). */
  onError?: (error: Error) => void;
  /** Reconnect and heartbeat timing of the LISTEN connection. */
  listener?: PostgresListenerOptions;
}

/**
 * PostgreSQL through a pg Pool. Queries share the pool; LISTEN runs on one dedicated connection
 * (re-established after failures) and every advisory lock on its own, because a session lock lives
 * exactly as long as the connection that took it.
 */
export async function createPostgresDatabase(options: PostgresOptions): Promise<Database> {
  const clientConfig: pg.ClientConfig = {
    connectionString: options.url,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
    statement_timeout: options.statementTimeoutMs ?? 15_000,
    application_name: 'relayer',
  };
  const onError = options.onError ?? (() => {});
  const pool = new pg.Pool({ ...clientConfig, max: options.max ?? 10, idleTimeoutMillis: 30_000 });
  pool.on('error', onError);
  const listener = createPostgresListener(clientConfig, onError, options.listener);
  const lockClients = new Set<pg.Client>();
  const { guard, queryable, common } = createDatabaseBase(pool, async () => {
    await listener.close();
    // Out of the set first: a lock ended by closing is given up, not lost.
    const held = [...lockClients];
    lockClients.clear();
    await Promise.all(held.map((c) => c.end().catch(() => {})));
    await pool.end();
  });

  const db: Database = {
    kind: 'postgres',
    ...common,
    exec: (sql) => guard(async () => void (await pool.query(sql))),
    async transaction(fn) {
      const client = await guard(() => pool.connect());
      let broken = false;
      try {
        await guard(() => client.query('BEGIN'));
        const result = await fn(queryable(client));
        await guard(() => client.query('COMMIT'));
        return result;
      } catch (error) {
        try {
          await client.query('ROLLBACK');
        } catch {
          broken = true;
        }
        throw error;
      } finally {
        client.release(broken);
      }
    },
    listen: (channel, onPayload, onReset) => guard(() => listener.listen(channel, onPayload, onReset)),
    async tryAdvisoryLock(key, onLost) {
      const client = new pg.Client(clientConfig);
      client.on('error', onError);
      // The session ended without a release (terminated, the server restarted, the network cut): the
      // lock is gone with it, and its holder must know at once.
      const lost = () => {
        if (lockClients.delete(client)) onLost?.();
      };
      client.on('error', lost);
      client.on('end', lost);
      await guard(() => client.connect());
      try {
        const rows = (await client.query('SELECT pg_try_advisory_lock($1) AS locked', [key])).rows;
        if (rows[0]?.locked !== true) {
          await client.end();
          return null;
        }
      } catch (error) {
        await client.end().catch(() => {});
        return rethrowDatabaseError(error);
      }
      lockClients.add(client);
      return async () => {
        if (!lockClients.delete(client)) return;
        // Ending the session releases the lock even when the unlock statement cannot run.
        await client.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => {});
        await client.end().catch(() => {});
      };
    },
  };
  return db;
}
