/** What a log line says of a lost or refused database connection. */
export interface DatabaseErrorFields {
  host: string;
  port: string;
  /** PostgreSQL's SQLSTATE (`57P01`) or Node's system code (`ECONNREFUSED`), when the error has one. */
  code?: string;
  error: string;
}

/**
 * A connection error of the pool, the LISTEN connection or a lock's session as the fields worth logging:
 * the server's host and port (from `url`, never its user or password) and the error's code and message.
 * Never the error object itself: pg hangs the failing client on it (`err.client`), whose connection
 * parameters hold the password and whose size drowns the line.
 */
export function databaseErrorFields(error: unknown, url: string): DatabaseErrorFields {
  let host = '(unknown)';
  let port = '5432';
  try {
    const parsed = new URL(url);
    host = parsed.hostname || host;
    port = parsed.port || port;
  } catch {
    // Not a URL: the configuration check refuses such a DATABASE_URL before a connection is tried.
  }
  const code = (error as { code?: unknown } | null)?.code;
  return {
    host,
    port,
    ...(typeof code === 'string' ? { code } : {}),
    error: error instanceof Error ? error.message : String(error),
  };
}
