/**
 * `npm run bench -w @relayer/web`: how soon a trader sees the order book. Starts the product as
 * `npm start` does (chain, relayer with the sample orders, the built web app behind serve.ts; the web
 * app is rebuilt first if its sources changed), then for each profile opens it N times in Debian's
 * Chromium, each time with a fresh profile: a cold load (empty cache), then a warm one (same profile,
 * after about:blank). Prints one summary table: the medians from navigation to the first visible order
 * row, to the app's own rows and to those rows usable (Take shown), the layout shift, and the requests
 * and bytes before the rows and once the page settles. It prints; it never fails on a figure.
 *
 *   npm run bench -w @relayer/web -- [--runs=3] [--only=desktop,phone] [--url=http://localhost:8080]
 *                                     [--path=/coins/zrx/overview]
 *                                     [--waterfall] [--report]
 *
 * --url measures an app that is already running instead of starting one; --path opens another page
 * of it than the home page (a coin's overview: its books are the same table); --waterfall prints every
 * request of each profile's first cold and warm load; --report rewrites the web table of
 * docs/PERFORMANCE.md with the cold medians (reportWebRows.ts).
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { chromiumPath } from '@relayer/e2e/chromiumPath';
import { desktop, type LoadProfile, slow4gPhone } from './loadProfiles.ts';
import { type LoadResult, measureColdAndWarm, type RequestTiming } from './measureLoads.ts';
import { reportWebRows } from './reportWebRows.ts';
import { type RunningProduct, startProduct } from './startProduct.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    only: { type: 'string', default: 'desktop,phone' },
    url: { type: 'string' },
    path: { type: 'string', default: '/' },
    waterfall: { type: 'boolean', default: false },
    report: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive integer');
const profiles = [desktop, slow4gPhone].filter((profile) => values.only.split(',').includes(profile.name));

interface ProfileResults {
  profile: LoadProfile;
  cold: LoadResult[];
  warm: LoadResult[];
}

async function main(): Promise<void> {
  const executablePath = chromiumPath();
  const version = execFileSync(executablePath, ['--version'], { encoding: 'utf8' }).trim();
  console.log(`${version}; ${runs} runs per profile; load average ${loadavg().map(fixed1).join(' ')}`);
  let product: RunningProduct | undefined;
  const results: ProfileResults[] = [];
  try {
    product = values.url ? undefined : await startProduct((line) => console.log(line));
    const url = new URL(values.path, values.url ?? product?.webUrl ?? '').href;
    console.log(`measuring ${url}`);
    for (const profile of profiles) results.push(await benchProfile(url, profile, executablePath));
    const options = process.argv.slice(2).filter((arg) => arg !== '--report');
    const command = `npm run bench -w @relayer/web${options.length ? ` -- ${options.join(' ')}` : ''}`;
    if (values.report) reportWebRows(results, command);
  } finally {
    await product?.stop();
  }
  printSummary(results);
  console.log(`load average ${loadavg().map(fixed1).join(' ')}`);
}

async function benchProfile(
  url: string,
  profile: LoadProfile,
  executablePath: string,
): Promise<ProfileResults> {
  const cold: LoadResult[] = [];
  const warm: LoadResult[] = [];
  for (let run = 0; run < runs; run++) {
    const result = await measureColdAndWarm(url, profile, executablePath);
    cold.push(result.cold);
    warm.push(result.warm);
    process.stdout.write(
      `  ${profile.name} run ${run + 1}: cold ${ms(result.cold.firstRowMs)} (usable ${ms(result.cold.usableMs)}, ` +
        `shift ${result.cold.layoutShift.toFixed(3)}), warm ${ms(result.warm.firstRowMs)} (usable ${ms(result.warm.usableMs)})\n`,
    );
  }
  if (values.waterfall) {
    printWaterfall(`${profile.name}, first cold load`, cold[0]);
    printWaterfall(`${profile.name}, first warm load`, warm[0]);
  }
  return { profile, cold, warm };
}

/**
 * One table for every profile and load: medians of the first rows (the server's), the app's rows, the
 * app's rows usable (Take shown, with min and max) and the layout shift, and the requests and bytes.
 */
function printSummary(results: ProfileResults[]): void {
  const columns = [
    ['profile, load', 16],
    ['first rows', 12],
    ['app rows', 10],
    ['usable', 10],
    ['usable min-max', 18],
    ['layout shift', 14],
    ['requests rows/all', 19],
    ['kB rows/all', 16],
  ] as const;
  console.log(`\nSummary: medians over ${runs} runs`);
  for (const { profile } of results) console.log(`  ${profile.name}: ${profile.title}`);
  console.log(
    columns.map(([title, width], index) => (index ? title.padStart(width) : title.padEnd(width))).join(''),
  );
  for (const { profile, cold, warm } of results) {
    for (const [load, list] of [
      ['cold', cold],
      ['warm', warm],
    ] as const) {
      const usable = list.map((r) => r.usableMs);
      const cells = [
        `${profile.name}, ${load}`,
        ms(median(list.map((r) => r.firstRowMs))),
        ms(median(list.map((r) => r.appRowMs))),
        ms(median(usable)),
        `${ms(Math.min(...usable))}-${ms(Math.max(...usable))}`,
        median(list.map((r) => r.layoutShift)).toFixed(3),
        `${median(list.map((r) => r.toRows.requests))} / ${median(list.map((r) => r.settled.requests))}`,
        `${fixed1(median(list.map((r) => r.toRows.bytes)) / 1024)} / ${fixed1(median(list.map((r) => r.settled.bytes)) / 1024)}`,
      ];
      console.log(
        cells
          .map((cell, index) =>
            index ? cell.padStart(columns[index]?.[1] ?? 0) : cell.padEnd(columns[0][1]),
          )
          .join(''),
      );
    }
  }
  console.log();
}

function printWaterfall(title: string, result: LoadResult | undefined): void {
  if (!result) return;
  console.log(
    `${title}: first rows at ${ms(result.firstRowMs)}, the app's at ${ms(result.appRowMs)}, usable at ${ms(result.usableMs)}`,
  );
  const show = (request: RequestTiming) => {
    const { pathname, search, host } = new URL(request.url);
    const end = request.endMs === undefined ? 'pending' : ms(request.endMs);
    console.log(
      `  ${ms(request.startMs).padStart(8)} ${end.padStart(8)} ${`${fixed1(request.bytes / 1024)} kB`.padStart(9)}` +
        `  ${request.type.padEnd(10)} ${host} ${`${pathname}${search}`.slice(0, 90)}`,
    );
  };
  for (const request of result.requests) show(request);
  console.log();
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function ms(value: number): string {
  return `${Math.round(value).toLocaleString('en-US')} ms`;
}

function fixed1(value: number): string {
  return value.toFixed(1);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
