import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { LoadProfile } from './loadProfiles.ts';
import type { LoadResult } from './measureLoads.ts';

/** Cold targets per profile: rows visible, then usable (the app's own rows with their actions). */
const TARGETS: Record<LoadProfile['name'], { visibleMs: number; usableMs: number; label: string }> = {
  desktop: { visibleMs: 1000, usableMs: 1500, label: 'desktop' },
  phone: { visibleMs: 2500, usableMs: 3800, label: "phone, Lighthouse's mobile profile" },
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * Writes the load rows of the web table in docs/PERFORMANCE.md (scripts/benchReport.ts) from each
 * profile's cold loads.
 */
export function reportWebRows(measured: { profile: LoadProfile; cold: LoadResult[] }[], command: string) {
  const rows = measured.flatMap(({ profile, cold }) => {
    const target = TARGETS[profile.name];
    const visible = median(cold.map((r) => r.firstRowMs));
    const usable = median(cold.map((r) => r.usableMs));
    const shift = median(cold.map((r) => r.layoutShift));
    const figure = (ms: number) => `${Math.round(ms).toLocaleString('en-US')} ms (${cold.length} cold loads)`;
    return [
      {
        scenario: `rows visible, ${target.label}, cold`,
        target: `<= ${target.visibleMs.toLocaleString('en-US')} ms`,
        figure: figure(visible),
        meets: visible <= target.visibleMs,
        command,
      },
      {
        scenario: `rows usable, ${target.label}, cold`,
        target: `<= ${target.usableMs.toLocaleString('en-US')} ms`,
        figure: figure(usable),
        meets: usable <= target.usableMs,
        command,
      },
      {
        scenario: `layout shift, ${target.label}, cold`,
        target: '<= 0.1',
        figure: `${shift.toFixed(3)} (${cold.length} cold loads)`,
        meets: shift <= 0.1,
        command,
      },
    ];
  });
  const script = fileURLToPath(new URL('../../../scripts/benchReport.ts', import.meta.url));
  const written = spawnSync(process.execPath, ['--import', 'tsx', script], {
    input: JSON.stringify({ area: 'web', rows }),
    stdio: ['pipe', 'inherit', 'inherit'],
  });
  if (written.status !== 0) throw new Error(`writing the web report failed (${written.status})`);
}
