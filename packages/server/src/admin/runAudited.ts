import type { Queryable } from '../db/Database.js';
import type { BookEvent } from '../events/BookEvents.js';
import type { AdminContext } from './AdminContext.js';
import { writeAudit } from './writeAudit.js';

export interface AdminChange<Result extends Record<string, unknown>> {
  /** What the action changed, answered to the caller and kept in the audit row. */
  result: Result;
  /** Book events to publish once committed (orders leaving or returning, tokens changed). */
  events?: readonly BookEvent[];
}

export interface AuditedAction {
  /** `tokens.unlist`, `fees.set`, ... */
  action: string;
  args: Record<string, unknown>;
  caller: string;
}

/**
 * Runs one admin action and its audit row in one transaction, so a change is recorded or not made; a
 * refusal thrown by `work` rolls both back. The events are published after the commit (best effort,
 * like every other publisher: the database is the truth and the read models re-read on a resync).
 */
export async function runAudited<Result extends Record<string, unknown>>(
  context: Pick<AdminContext, 'db' | 'events' | 'now' | 'log'>,
  audit: AuditedAction,
  work: (tx: Queryable) => Promise<AdminChange<Result>>,
): Promise<Result> {
  const change = await context.db.transaction(async (tx) => {
    const done = await work(tx);
    await writeAudit(tx, { ...audit, at: context.now(), result: done.result });
    return done;
  });
  for (const event of change.events ?? []) {
    await context.events.publish(event).catch((err: unknown) => {
      context.log.error({ err, action: audit.action }, 'publishing an admin change failed');
    });
  }
  return change.result;
}
