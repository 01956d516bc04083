/**
 * Rewrites one area's table of docs/PERFORMANCE.md from a bench's figures: a bench run with `--report`
 * pipes `{ area, rows }` (lib/benchTable.ts) as JSON into this script, which writes each row with this
 * machine (cores, CPU model, Node version, load average) and today's date. A separate process, so each
 * package's bench reports without importing across package boundaries.
 *
 *   echo '{"area":"web","rows":[...]}' | node --import tsx scripts/benchReport.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { type BenchReport, replaceBenchRows } from './lib/benchTable.ts';

const DOC = fileURLToPath(new URL('../docs/PERFORMANCE.md', import.meta.url));

/** Where the figures were taken: a shared machine's load average says how far to trust its tails. */
function describeMachine(): string {
  const cores = cpus();
  const model = (cores[0]?.model ?? 'unknown CPU').replace(/\s+/g, ' ').trim();
  const date = new Date().toISOString().slice(0, 10);
  return `${cores.length} cores, ${model}, Node ${process.version}, load ${loadavg()[0]?.toFixed(1)}; ${date}`;
}

function parseReport(text: string): BenchReport {
  const report = JSON.parse(text) as Partial<BenchReport>;
  if (typeof report.area !== 'string' || !/^[a-z]+$/.test(report.area))
    throw new Error('report: "area" must be a lower-case word (relayer, contracts, web)');
  if (!Array.isArray(report.rows) || report.rows.length === 0)
    throw new Error('report: "rows" must be a non-empty list');
  for (const [i, row] of report.rows.entries()) {
    for (const field of ['scenario', 'target', 'figure', 'command'] as const) {
      if (typeof row?.[field] !== 'string' || row[field] === '')
        throw new Error(`report: rows[${i}].${field} must be a non-empty string`);
    }
  }
  return report as BenchReport;
}

const report = parseReport(readFileSync(0, 'utf8'));
writeFileSync(DOC, replaceBenchRows(readFileSync(DOC, 'utf8'), report, describeMachine()));
console.log(`docs/PERFORMANCE.md: ${report.rows.length} ${report.area} rows written`);
