import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** One scenario's line of an area's table in docs/PERFORMANCE.md (scripts/lib/benchTable.ts). */
export interface BenchRow {
  scenario: string;
  target: string;
  figure: string;
  /** Undefined where the target is no bound on this figure (another size, another database). */
  meets?: boolean;
  command: string;
}

const SCRIPT = fileURLToPath(new URL('../../../scripts/benchReport.ts', import.meta.url));

/**
 * Hands the rows to scripts/benchReport.ts, which rewrites the area's table of docs/PERFORMANCE.md with
 * this machine and date: one writer of the document for every package's bench.
 */
export function sendBenchReport(area: string, rows: readonly BenchRow[]): void {
  const written = spawnSync(process.execPath, ['--import', 'tsx', SCRIPT], {
    input: JSON.stringify({ area, rows }),
    stdio: ['pipe', 'inherit', 'inherit'],
  });
  if (written.status !== 0) throw new Error(`writing the ${area} report failed (${written.status})`);
}
