import type { Database } from './Database.js';

export interface PgliteMaintenance {
  /** Checks now and then every `intervalMs`. */
  start(): void;
  /** Rows were written: check soon rather than at the next tick when many were. */
  noteWrites(rows: number): void;
  stop(): Promise<void>;
}

interface Log {
  warn(details: object, message: string): void;
  debug(details: object, message: string): void;
}

interface TableStats {
  relname: string;
  n_live_tup: number | string;
  n_dead_tup: number | string;
  n_mod_since_analyze: number | string;
}

const TABLES = ['orders', 'tokens'];
/** Writes that trigger an early check (a bulk load otherwise runs on guessed plans until the next tick). */
const EARLY_CHECK_WRITES = 2000;
/** PostgreSQL publishes table statistics about once a second; an early check waits for them. */
const STATS_DELAY_MS = 1500;

/**
 * PGlite has no autovacuum daemon, so without this the planner keeps the statistics of an empty table
 * (a keyset page of a large book is then read through a wrong index, far slower) and updated
 * rows are never reclaimed. Mirrors autovacuum's default thresholds: ANALYZE after 50 + 10 % of the
 * rows changed, VACUUM after 50 + 20 % of them died. Checks are one cheap statistics query.
 */
export function createPgliteMaintenance(db: Database, log: Log, intervalMs = 15_000): PgliteMaintenance {
  let timer: NodeJS.Timeout | undefined;
  let early: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let pendingWrites = 0;
  let stopped = false;

  const check = async () => {
    pendingWrites = 0;
    const stats = await db.query<TableStats>(
      'SELECT relname, n_live_tup, n_dead_tup, n_mod_since_analyze FROM pg_stat_user_tables WHERE relname = ANY($1::text[])',
      [TABLES],
    );
    for (const table of stats) {
      const live = Number(table.n_live_tup);
      if (!TABLES.includes(table.relname)) continue;
      if (Number(table.n_dead_tup) > 50 + 0.2 * live) {
        await db.exec(`VACUUM ANALYZE ${table.relname}`);
        log.debug({ table: table.relname }, 'pglite maintenance: vacuumed');
      } else if (Number(table.n_mod_since_analyze) > 50 + 0.1 * live) {
        await db.exec(`ANALYZE ${table.relname}`);
        log.debug({ table: table.relname }, 'pglite maintenance: analyzed');
      }
    }
  };
  const run = () => {
    if (stopped || running) return;
    running = check()
      .catch((err: unknown) => log.warn({ err }, 'pglite maintenance failed'))
      .finally(() => {
        running = undefined;
      });
  };

  return {
    start() {
      run();
      timer = setInterval(run, intervalMs);
      timer.unref();
    },
    noteWrites(rows) {
      pendingWrites += rows;
      if (pendingWrites < EARLY_CHECK_WRITES || early) return;
      early = setTimeout(() => {
        early = undefined;
        run();
      }, STATS_DELAY_MS);
      early.unref();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(early);
      await running;
    },
  };
}
