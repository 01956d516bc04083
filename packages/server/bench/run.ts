/**
 * `npm run bench -w @relayer/server [-- --only=submit,read,ws,revalidate,trades --runs=3 --orders=2000
 *  --book=100000 --clients=1000 --ws-orders=20 --revalidate-book=10000 --revalidate-batch=200
 *  --trades=100000 --postgres | --disk --profile --verbose]` (revalidate and trades run only when named)
 *
 * The database is PGlite in memory by default; `--disk` puts PGlite in a temporary directory, durable
 * (fsync at every commit) as the relayer runs it in production; `--postgres` uses a local PostgreSQL.
 *
 * Prints figures, never asserts. Each scenario runs `runs` times against a relayer in its own process
 * and the median of each figure is reported. See docs/PERFORMANCE.md ("Relayer") for what each means.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type DevChain, type LocalPostgres, startDevChain, startPostgres } from '@relayer/devchain';
import { runReads } from './benchReads.js';
import { runRevalidation, WARM_UP_POSTS } from './benchRevalidation.js';
import { presignOrders, runSubmissions } from './benchSubmissions.js';
import { runTradePages } from './benchTrades.js';
import { runWsDelivery, WARM_UP_ORDERS } from './benchWsDelivery.js';
import { fmt, medianOfRuns } from './stats.js';

const { values: args } = parseArgs({
  options: {
    only: { type: 'string', default: 'submit,read,ws' },
    runs: { type: 'string', default: '3' },
    orders: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '32' },
    book: { type: 'string', default: '100000' },
    clients: { type: 'string', default: '1000' },
    'ws-orders': { type: 'string', default: '20' },
    'revalidate-book': { type: 'string', default: '10000' },
    'revalidate-batch': { type: 'string', default: '200' },
    trades: { type: 'string', default: '100000' },
    postgres: { type: 'boolean', default: false },
    disk: { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
  },
});
const only = new Set(args.only.split(','));
const runs = Number(args.runs);
const profileDir = args.profile ? join(tmpdir(), `relayer-bench-profiles-${Date.now()}`) : undefined;
const log = (line = '') => console.log(line);

let postgres: LocalPostgres | undefined;
let databases = 0;
/** Where the on-disk PGlite databases go (`--disk`), one directory per run. */
const diskRoot = args.disk ? mkdtempSync(join(tmpdir(), 'relayer-bench-db-')) : undefined;
const database = async () => {
  databases += 1;
  if (postgres) {
    return { url: await postgres.createDatabase(`bench_${process.pid}_${databases}`), dataDir: 'unused' };
  }
  return diskRoot ? { dataDir: join(diskRoot, String(databases)) } : undefined;
};

function table(title: string, rows: Record<string, number>[], columns: [string, string, number?][]) {
  log(`\n${title}`);
  log(['run', ...columns.map(([, label]) => label)].join('\t'));
  for (const [i, row] of rows.entries()) {
    log([String(i + 1), ...columns.map(([key, , d]) => fmt(row[key] ?? Number.NaN, d))].join('\t'));
  }
  const median = medianOfRuns(rows);
  log(['median', ...columns.map(([key, , d]) => fmt(median[key] ?? Number.NaN, d))].join('\t'));
  return median;
}

async function benchSubmit(chain: DevChain) {
  const count = Number(args.orders);
  log(`\n(a) order submissions: signing ${count + 50} orders (not measured)...`);
  const orders = await presignOrders(chain, count + 50);
  const rows: Record<string, number>[] = [];
  for (let run = 0; run < runs; run++) {
    const result = await runSubmissions(
      {
        chain,
        orders: count,
        concurrency: Number(args.concurrency),
        database,
        ...(profileDir ? { profileDir } : {}),
      },
      orders,
    );
    log(`  run ${run + 1}: ${JSON.stringify(result.check)}`);
    if (result.check.stored !== result.check.sent)
      log(`  !!! stored ${result.check.stored} of ${result.check.sent} orders`);
    rows.push(result.figures);
  }
  return table(`(a) POST /order/new, ${count} orders, ${args.concurrency} in flight`, rows, [
    ['ordersPerSec', 'orders/s', 0],
    ['p50', 'p50 ms', 1],
    ['p99', 'p99 ms', 1],
    ['cpuMsPerOrder', 'relayer CPU ms/order', 2],
  ]);
}

async function benchRead(chain: DevChain) {
  const size = Number(args.book);
  log(`\n(b) order reads: seeding ${size} open orders...`);
  const measured = await runReads({
    chain,
    size,
    runs,
    database,
    log,
    ...(profileDir ? { profileDir } : {}),
  });
  for (const { name, rows } of measured) {
    table(`(b) ${name}, ${size} open orders, 20 connections`, rows, [
      ['reqPerSec', 'req/s', 0],
      ['p50', 'p50 ms', 1],
      ['p99', 'p99 ms', 1],
    ]);
  }
}

async function benchWs(chain: DevChain) {
  const clients = Number(args.clients);
  const count = Number(args['ws-orders']);
  const [base, quote] = chain.deployment.tokens.map((t) => t.address);
  if (!base || !quote) throw new Error('devchain has too few tokens');
  const orders = await presignOrders(chain, count + WARM_UP_ORDERS, [base, quote]);
  const rows: Record<string, number>[] = [];
  for (let run = 0; run < runs; run++) {
    const options = {
      chain,
      clients,
      database,
      verbose: args.verbose,
      ...(profileDir ? { profileDir } : {}),
    };
    const result = await runWsDelivery(options, orders);
    log(`  run ${run + 1}: ${JSON.stringify(result.check)}`);
    rows.push(result.figures);
  }
  return table(
    `(c) WebSocket delivery of a new order to ${clients} subscribers, ${count} orders per run`,
    rows,
    [
      ['p50', 'p50 ms', 1],
      ['p99', 'p99 ms', 1],
      ['lastClientMs', 'last client ms', 1],
      ['fanOutMs', 'server fan-out ms', 1],
      ['postP50', 'from POST p50', 1],
      ['postP99', 'from POST p99', 1],
    ],
  );
}

async function benchRevalidate(chain: DevChain) {
  const book = Number(args['revalidate-book']);
  const batchSize = Number(args['revalidate-batch']);
  const submissions = await presignOrders(chain, 200 + WARM_UP_POSTS);
  const rows: Record<string, number>[] = [];
  for (let run = 0; run < runs; run++) {
    const result = await runRevalidation({ chain, book, batchSize, database }, submissions);
    log(`  run ${run + 1}: ${JSON.stringify(result.check)}`);
    rows.push(result.figures);
  }
  return table(
    `(d) re-validation pass over ${book} live orders, batches of ${batchSize}; reads (16 in flight) and submissions (8) idle vs during the pass`,
    rows,
    [
      ['passOrdersPerSec', 'pass orders/s', 0],
      ['idleReadP50', 'read p50 idle', 1],
      ['busyReadP50', 'read p50 pass', 1],
      ['idleReadP99', 'read p99 idle', 1],
      ['busyReadP99', 'read p99 pass', 1],
      ['idlePostP50', 'POST p50 idle', 1],
      ['busyPostP50', 'POST p50 pass', 1],
      ['idlePostP99', 'POST p99 idle', 1],
      ['busyPostP99', 'POST p99 pass', 1],
    ],
  );
}

async function benchTrades(chain: DevChain) {
  const trades = Number(args.trades);
  const rows: Record<string, number>[] = [];
  for (let run = 0; run < runs; run++) {
    const result = await runTradePages({ chain, trades, database });
    log(`  run ${run + 1}: trades per page ${JSON.stringify(result.check)}`);
    rows.push(result.figures);
  }
  const filters = ['all', 'order', 'maker', 'trader', 'market', 'token', 'combined'];
  return table(
    `(e) GET /trades, pages of 50 over ${trades} trades, one at a time: first page and a cursor past half the history (ms)`,
    rows,
    filters.flatMap((f): [string, string, number][] => [
      [`${f}_first_p50`, `${f} p50`, 2],
      [`${f}_deep_p50`, `${f} deep p50`, 2],
      [`${f}_deep_p99`, `${f} deep p99`, 2],
    ]),
  );
}

async function main() {
  const cpu = cpus();
  log(`Relayer benchmark ${new Date().toISOString()}`);
  log(
    `machine: ${cpu.length} cores (${cpu[0]?.model ?? 'unknown'}), ${fmt(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  );
  // Other work on the machine shows up in the tails; say how busy it was.
  log(
    `load average at start (1/5/15 min): ${loadavg()
      .map((l) => fmt(l, 2))
      .join(' ')}`,
  );
  if (args.postgres) postgres = await startPostgres();
  log(
    `database: ${postgres ? 'PostgreSQL (temporary local cluster)' : diskRoot ? `PGlite on disk, durable (${diskRoot})` : 'PGlite (in memory)'}; runs per figure: ${runs}`,
  );
  const chain = await startDevChain({ port: 0 });
  try {
    if (only.has('submit')) await benchSubmit(chain);
    if (only.has('read')) await benchRead(chain);
    if (only.has('ws')) await benchWs(chain);
    if (only.has('revalidate')) await benchRevalidate(chain);
    if (only.has('trades')) await benchTrades(chain);
  } finally {
    await chain.stop();
    await postgres?.stop();
    if (diskRoot) rmSync(diskRoot, { recursive: true, force: true });
  }
  log(
    `\nload average at end (1/5/15 min): ${loadavg()
      .map((l) => fmt(l, 2))
      .join(' ')}`,
  );
  if (profileDir) log(`\nCPU profiles of the server processes: ${profileDir}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
