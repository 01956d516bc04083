import type { Database } from '../db/Database.js';

/**
 * Why this instance must not lead the chain watcher on the database's schema, or null when it may: its
 * code's schema version (`codeSchema`) is below the lowest one the newest migrations allow to lead
 * (`schema_compat`, migration 013). An older instance left running beside a newer one during an upgrade
 * then follows instead of applying events the newer code would read wrong.
 */
export async function schemaLeadRefusal(db: Database, codeSchema: number): Promise<string | null> {
  const [row] = await db.query<{ schema: number | null; floor: number | null }>(
    'SELECT (SELECT max(version) FROM schema_migrations) AS schema, (SELECT min_leader_schema FROM schema_compat) AS floor',
  );
  const floor = Number(row?.floor ?? 0);
  if (codeSchema >= floor) return null;
  return `this release's schema is ${codeSchema}, the database's ${Number(row?.schema)}, on which no release older than schema ${floor} may lead: upgrade this instance`;
}
