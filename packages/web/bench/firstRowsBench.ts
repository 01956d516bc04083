/**
 * `npm run bench -w @relayer/web`: how soon a trader sees the order book. Starts the product as
 * `npm start` does (chain, relayer with the sample orders, the built web app behind serve.ts; the web
 * app is rebuilt first if its sources changed), then for each profile opens it N times in Debian's
 * Chromium, each time with a fresh profile: a cold load (empty cache), then a warm one (same profile,
 * after about:blank). Prints the median, min and max time from navigation to the first visible order
 * row, and the requests and bytes before the rows and once the page settles. It prints; it never fails
 * on a figure.
 *
 *   npm run bench -w @relayer/web -- [--runs=7] [--only=desktop,phone] [--url=http://localhost:8080]
 *                                     [--waterfall] [--report]
 *
 * --url measures an app that is already running instead of starting one; --waterfall prints every
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
    runs: { type: 'string', default: '7' },
    only: { type: 'string', default: 'desktop,phone' },
    url: { type: 'string' },
    waterfall: { type: 'boolean', default: false },
    report: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive integer');
const profiles = [desktop, slow4gPhone].filter((profile) => values.only.split(',').includes(profile.name));

async function main(): Promise<void> {
  const executablePath = chromiumPath();
  const version = execFileSync(executablePath, ['--version'], { encoding: 'utf8' }).trim();
  console.log(`${version}; ${runs} runs per profile; load average ${loadavg().map(fixed1).join(' ')}`);
  let product: RunningProduct | undefined;
  try {
    product = values.url ? undefined : await startProduct((line) => console.log(line));
    const url = values.url ?? product?.webUrl ?? '';
    console.log(`measuring ${url}`);
    const measured = [];
    for (const profile of profiles)
      measured.push({ profile, cold: await benchProfile(url, profile, executablePath) });
    const options = process.argv.slice(2).filter((arg) => arg !== '--report');
    const command = `npm run bench -w @relayer/web${options.length ? ` -- ${options.join(' ')}` : ''}`;
    if (values.report) reportWebRows(measured, command);
  } finally {
    await product?.stop();
  }
  console.log(`load average ${loadavg().map(fixed1).join(' ')}`);
}

async function benchProfile(
  url: string,
  profile: LoadProfile,
  executablePath: string,
): Promise<LoadResult[]> {
  const cold: LoadResult[] = [];
  const warm: LoadResult[] = [];
  for (let run = 0; run < runs; run++) {
    const result = await measureColdAndWarm(url, profile, executablePath);
    cold.push(result.cold);
    warm.push(result.warm);
    process.stdout.write(
      `  ${profile.name} run ${run + 1}: cold ${ms(result.cold.firstRowMs)} (app ${ms(result.cold.appRowMs)}), ` +
        `warm ${ms(result.warm.firstRowMs)} (app ${ms(result.warm.appRowMs)})\n`,
    );
  }
  console.log(`\n${profile.title}`);
  console.log(
    `  ${'load'.padEnd(6)}${'first rows: median'.padStart(20)}${'min'.padStart(9)}${'max'.padStart(9)}` +
      `${'app rows: median'.padStart(18)}${'requests to rows / all'.padStart(25)}${'kB to rows / all'.padStart(20)}`,
  );
  for (const [name, results] of [
    ['cold', cold],
    ['warm', warm],
  ] as const) {
    const times = results.map((result) => result.firstRowMs);
    const requests = `${median(results.map((r) => r.toRows.requests))} / ${median(results.map((r) => r.settled.requests))}`;
    const kb = `${fixed1(median(results.map((r) => r.toRows.bytes)) / 1024)} / ${fixed1(median(results.map((r) => r.settled.bytes)) / 1024)}`;
    console.log(
      `  ${name.padEnd(6)}${ms(median(times)).padStart(20)}${ms(Math.min(...times)).padStart(9)}` +
        `${ms(Math.max(...times)).padStart(9)}${ms(median(results.map((r) => r.appRowMs))).padStart(18)}` +
        `${requests.padStart(25)}${kb.padStart(20)}`,
    );
  }
  console.log();
  if (values.waterfall) {
    printWaterfall(`${profile.name}, first cold load`, cold[0]);
    printWaterfall(`${profile.name}, first warm load`, warm[0]);
  }
  return cold;
}

function printWaterfall(title: string, result: LoadResult | undefined): void {
  if (!result) return;
  console.log(`${title}: first rows at ${ms(result.firstRowMs)}, the app's at ${ms(result.appRowMs)}`);
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
