import type { Queryable } from '../db/Database.js';

export interface AuditEntry {
  /** Unix milliseconds. */
  at: number;
  /** What was done, e.g. `tokens.unlist`. */
  action: string;
  /** The request's arguments as the route parsed them. */
  args: Record<string, unknown>;
  /** The address the request came from (the listener's peer). */
  caller: string;
  /** What the action changed (counts, the new policy). */
  result: Record<string, unknown>;
}

/** One row of `admin_audit`, written in the action's own transaction: no change goes unrecorded. */
export async function writeAudit(tx: Queryable, entry: AuditEntry): Promise<void> {
  await tx.query('INSERT INTO admin_audit (at, action, args, caller, result) VALUES ($1, $2, $3, $4, $5)', [
    entry.at,
    entry.action,
    JSON.stringify(entry.args),
    entry.caller,
    JSON.stringify(entry.result),
  ]);
}
