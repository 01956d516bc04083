import type { Database, Queryable } from '../../src/db/Database.js';

export interface Statement {
  sql: string;
  params: readonly unknown[];
}

export interface ExplainedStatement {
  /** Database pages (8 kB blocks) the statement read, index and table together. */
  blocks: number;
  /** The plan's sort nodes (none for an index walk in the page's order). */
  sorts: Record<string, unknown>[];
  seqScans: number;
  /** The most rows any node produced or threw away: what the statement touched. */
  rowsTouched: number;
}

/** A Queryable over `db` that keeps every statement run through it, to explain them afterwards. */
export function recordStatements(db: Queryable): { recording: Queryable; statements: Statement[] } {
  const statements: Statement[] = [];
  const recording: Queryable = {
    query: (sql, params = []) => {
      statements.push({ sql, params });
      return db.query(sql, params);
    },
  };
  return { recording, statements };
}

/** Plan nodes of an EXPLAIN (FORMAT JSON) answer, depth first. */
function nodesOf(plan: Record<string, unknown>): Record<string, unknown>[] {
  const children = (plan.Plans as Record<string, unknown>[] | undefined) ?? [];
  return [plan, ...children.flatMap(nodesOf)];
}

/** Runs a statement again under EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) and sums up its plan. */
export async function explainStatement(db: Database, statement: Statement): Promise<ExplainedStatement> {
  const rows = await db.query<{ 'QUERY PLAN': unknown }>(
    `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${statement.sql}`,
    statement.params,
  );
  const raw = rows[0]?.['QUERY PLAN'];
  const explained = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: Record<string, unknown> }[];
  const top = explained[0]?.Plan ?? {};
  const nodes = nodesOf(top);
  return {
    blocks: Number(top['Shared Hit Blocks'] ?? 0) + Number(top['Shared Read Blocks'] ?? 0),
    sorts: nodes.filter((n) => String(n['Node Type']).includes('Sort')),
    seqScans: nodes.filter((n) => n['Node Type'] === 'Seq Scan').length,
    rowsTouched: Math.max(
      ...nodes.map((n) => Number(n['Actual Rows'] ?? 0) + Number(n['Rows Removed by Filter'] ?? 0)),
    ),
  };
}
