import type { Queryable } from '../db/Database.js';

export interface AuditRecord {
  id: string;
  /** ISO 8601 time of the action. */
  at: string;
  action: string;
  args: Record<string, unknown>;
  caller: string;
  result: Record<string, unknown>;
}

interface AuditRow {
  id: string | number;
  at: string | number;
  action: string;
  args: string | Record<string, unknown>;
  caller: string;
  result: string | Record<string, unknown>;
}

/** The latest `limit` admin actions, newest first. */
export async function listAudit(db: Queryable, limit: number): Promise<AuditRecord[]> {
  const rows = await db.query<AuditRow>(
    'SELECT id, at, action, args, caller, result FROM admin_audit ORDER BY id DESC LIMIT $1',
    [limit],
  );
  return rows.map((row) => ({
    id: String(row.id),
    at: new Date(Number(row.at)).toISOString(),
    action: row.action,
    args: typeof row.args === 'string' ? JSON.parse(row.args) : row.args,
    caller: row.caller,
    result: typeof row.result === 'string' ? JSON.parse(row.result) : row.result,
  }));
}
