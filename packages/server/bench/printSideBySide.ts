import { fmt, loadAverage, median } from './stats.js';

/**
 * The end of an A/B bench's output: each scenario and side's µs CPU per request (`results`, keyed
 * `scenario\tside`, one figure a round), then with two sides their round-by-round comparison, as a
 * difference (`this - against`) or a ratio (`this / against`): each round's two batches ran back to
 * back, so it is the steadier figure.
 */
export function printSideBySide(
  results: ReadonlyMap<string, readonly number[]>,
  scenarios: readonly { name: string }[],
  compare: 'difference' | 'ratio' | undefined,
): void {
  console.log(`load average at end: ${loadAverage()}`);
  console.log('scenario\tside\tµs CPU per request: median of rounds\tlowest round');
  for (const [key, values] of [...results].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(`${key}\t${fmt(median(values), 1)}\t${fmt(Math.min(...values), 1)}`);
  }
  if (!compare) return;
  const ratio = compare === 'ratio';
  const digits = ratio ? 3 : 1;
  console.log(
    ratio
      ? 'scenario\tthis / against: median of rounds (25th to 75th percentile)'
      : 'scenario\tthis - against, µs per request: median of rounds (25th to 75th percentile)',
  );
  for (const { name } of scenarios) {
    const ours = results.get(`${name}\tthis`) ?? [];
    const theirs = results.get(`${name}\tagainst`) ?? [];
    const each = ours
      .map((v, i) => (ratio ? v / (theirs[i] ?? Number.NaN) : v - (theirs[i] ?? Number.NaN)))
      .sort((x, y) => x - y);
    const at = (q: number) => each[Math.floor(q * (each.length - 1))] ?? Number.NaN;
    console.log(
      `${name}\t${fmt(median(each), digits)} (${fmt(at(0.25), digits)} to ${fmt(at(0.75), digits)})`,
    );
  }
}
