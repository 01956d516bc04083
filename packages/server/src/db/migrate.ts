import { readdirSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import type { Database } from './Database.js';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);
const MIGRATION_FILE = /^(\d{3,})_[a-z0-9_]+\.sql$/;
/** Advisory lock key of the migration step (any constant distinct from the watcher's). */
export const MIGRATION_LOCK_KEY = 7_310_001;
const LOCK_WAIT_MS = 60_000;

/**
 * This code's schema version: the number of the newest migration it ships (what `schema_compat`'s
 * `min_leader_schema` is compared with).
 */
export function codeSchemaVersion(dir: URL = MIGRATIONS_DIR): number {
  const versions = readdirSync(dir).flatMap((file) => {
    const match = MIGRATION_FILE.exec(file);
    return match ? [Number(match[1])] : [];
  });
  return Math.max(...versions);
}

export interface MigrationResult {
  applied: string[];
}

/**
 * Applies the numbered `.sql` files of `migrations/` that `schema_migrations` does not list yet, in
 * order, each atomically together with its bookkeeping row. Idempotent, and safe when several instances
 * start at once: they take turns on an advisory lock and the later ones find nothing left to do.
 */
export async function migrate(db: Database, dir: URL = MIGRATIONS_DIR): Promise<MigrationResult> {
  const files = (await readdir(dir)).filter((f) => MIGRATION_FILE.test(f)).sort();
  const release = await waitForLock(db);
  try {
    await db.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await db.query<{ version: number }>('SELECT version FROM schema_migrations')).map((r) =>
        Number(r.version),
      ),
    );
    const applied: string[] = [];
    for (const file of files) {
      const version = Number(MIGRATION_FILE.exec(file)?.[1]);
      if (done.has(version)) continue;
      const sql = await readFile(new URL(file, dir), 'utf8');
      // One simple-protocol script runs as one implicit transaction on both engines, so the schema change
      // and its bookkeeping row commit together. `version` is an integer and `file` matched the strict
      // file-name pattern above: nothing user-supplied is spliced into this SQL.
      await db.exec(
        `${sql}\n;\nINSERT INTO schema_migrations (version, name) VALUES (${version}, '${file}');`,
      );
      applied.push(file);
    }
    return { applied };
  } finally {
    await release();
  }
}

async function waitForLock(db: Database): Promise<() => Promise<void>> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (let delay = 50; ; delay = Math.min(delay * 2, 1000)) {
    const release = await db.tryAdvisoryLock(MIGRATION_LOCK_KEY);
    if (release) return release;
    if (Date.now() > deadline) throw new Error('timed out waiting for another instance to finish migrating');
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}
