/** Something that runs parameterised SQL: the database itself or a transaction on it. */
export interface Queryable {
  /** Runs one parameterised statement ($1, $2, …) and returns its rows. Never interpolate values into `sql`. */
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

/** One execution of a named prepared statement (`runPrepared`). */
export interface PreparedExecution {
  /** The statement's name; the same name must always come with the same `sql`. */
  name: string;
  /** Parameterised SQL ($1, $2, …), parsed and planned once per name. */
  sql: string;
  params: readonly unknown[];
}

/** What `Database.engineStats` counts (since the database was opened). */
export interface EngineStats {
  /** User + system CPU inside the engine in `runPrepared` calls (PostgreSQL in WebAssembly, fsync included), µs. */
  cpuMicros: number;
  /** `runPrepared` calls: batches of the order writer, one commit each. */
  preparedBatches: number;
}

/**
 * The relayer's database: embedded PGlite by default, PostgreSQL when DATABASE_URL is set. Both speak the
 * same SQL; the differences (connections, LISTEN/NOTIFY, advisory locks) stay behind this interface.
 */
export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * PGlite only: runs the executions in order as one implicit transaction (one commit, resolved once it
   * is durable), each through a named prepared statement this connection parses and plans once; resolves
   * to each execution's rows. Nothing else runs between them, and if one fails none is committed. The
   * order writer uses it so that a batch skips PGlite's per-statement parse, describe and plan.
   */
  runPrepared?<Row = Record<string, unknown>>(executions: readonly PreparedExecution[]): Promise<Row[][]>;
  /**
   * PGlite only: the embedded engine's own CPU in `runPrepared` calls so far (it runs synchronously on
   * this thread), and how many such calls (commits) it ran: the order writer's batches. For the bench's
   * breakdown of an order's relayer CPU; other statements are not counted (none runs per accepted order
   * while the quota needs no count), so that they pay nothing for it.
   */
  engineStats?(): EngineStats;
  /** Runs `fn` in one transaction; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Subscribes to a NOTIFY channel; resolves to an unsubscribe function. `onReset` is called when
   * notifications may have been missed (PostgreSQL: the listening connection was lost and is back), so
   * whatever was kept current by them must be rebuilt. PGlite, one process, never misses any.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onReset?: () => void,
  ): Promise<() => Promise<void>>;
  /** Sends a NOTIFY to every instance listening on `channel` (including this one). */
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Sends several NOTIFYs in one statement (one round trip, one transaction): listeners receive them in
   * the order given. PostgreSQL folds identical payloads of one transaction into one: callers that need
   * every one delivered make them differ.
   */
  notifyAll(channel: string, payloads: readonly string[]): Promise<void>;
  /**
   * Takes a session-level advisory lock on a dedicated connection without waiting. Resolves to a release
   * function when this instance now holds it, null when another instance does. Used for the single
   * chain-watcher leader. `onLost` is called once if the lock's session ends before the release
   * (PostgreSQL: the connection was terminated or the server restarted); PGlite's locks live in the
   * process and are never lost.
   */
  tryAdvisoryLock(key: number, onLost?: () => void): Promise<(() => Promise<void>) | null>;
  /** Pings the database (health checks). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
