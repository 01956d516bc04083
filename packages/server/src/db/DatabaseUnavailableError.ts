import { RelayerError } from '@relayer/protocol';

/** The database did not answer. Routes answer 503 DATABASE_UNAVAILABLE; the cause goes to the log only. */
export class DatabaseUnavailableError extends RelayerError {
  constructor(cause?: unknown) {
    super('DATABASE_UNAVAILABLE', 'The database is unavailable; try again shortly', undefined, undefined, {
      cause,
    });
  }
}

const NETWORK_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EPIPE',
  'EHOSTUNREACH',
  'EAI_AGAIN',
]);
const OUTAGE_MESSAGES =
  /connection terminated|timeout exceeded when trying to connect|connection error|after calling end on the pool|pglite is closed|not connected|client was closed/i;

/**
 * True for failures of the database as a service (unreachable, shutting down, out of connections,
 * a statement cancelled by its timeout), false for errors in a statement itself, which are bugs.
 * SQLSTATE classes: 08 connection exception, 53 insufficient resources, 57 operator intervention.
 */
export function isDatabaseOutage(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (NETWORK_ERRNOS.has(code)) return true;
    if (/^(08|53|57)[0-9A-Z]{3}$/.test(code)) return true;
  }
  return typeof message === 'string' && OUTAGE_MESSAGES.test(message);
}

/** Rethrows an outage as DatabaseUnavailableError and anything else unchanged. */
export function rethrowDatabaseError(error: unknown): never {
  if (error instanceof RelayerError) throw error;
  throw isDatabaseOutage(error) ? new DatabaseUnavailableError(error) : error;
}
