import type { Config } from '../config.js';
import { createPgliteDatabase } from './createPgliteDatabase.js';
import { createPostgresDatabase } from './createPostgresDatabase.js';
import type { Database } from './Database.js';

export interface OpenDatabaseOptions {
  /** Connection-level errors of idle PostgreSQL connections (logged; they must not crash the process). */
  onError?: (error: Error) => void;
}

/** PostgreSQL when `database.url` is set, else embedded PGlite in `database.dataDir`. */
export function openDatabase(
  database: Config['database'],
  options: OpenDatabaseOptions = {},
): Promise<Database> {
  if (database.url) {
    return createPostgresDatabase({
      url: database.url,
      ...(options.onError ? { onError: options.onError } : {}),
    });
  }
  return createPgliteDatabase(database.dataDir);
}
