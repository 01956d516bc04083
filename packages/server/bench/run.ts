/**
 * `npm run bench -w @relayer/server [-- --only=submit,read,ws,growth,ws-scale,revalidate,trades
 *  --runs=3 --orders=2000 --warm=50 --book=100000 --paths=model,database --growth=10000,100000,1000000
 *  --clients=1000 --ws-orders=20 --scale-clients=10000 --ws-in-flight=64 --revalidate-book=10000
 *  --revalidate-batch=200 --trades=100000 --postgres | --disk --restarts=3 --via=bundle|tsx
 *  --watcher=on|off --profile --verbose --report]` (ws-scale, revalidate and trades run only when named)
 *
 * The database is PGlite in memory by default; `--disk` puts PGlite in a temporary directory, durable
 * (fsync at every commit) as the relayer runs it in production; `--postgres` uses a local PostgreSQL.
 *
 * Prints figures, never asserts. Each scenario runs `runs` times against a relayer in its own process
 * and the median of each figure is reported, with the relayer process's CPU time per request or order
 * (its own process.cpuUsage: every thread of the process, as /proc/<pid>/stat counts it; steadier than
 * rates on a shared machine). The relayer runs from its prebuilt bundle, as production runs it
 * (`--via=tsx` runs its TypeScript through tsx instead), with its chain watcher on as an operator runs
 * it (`--watcher=off` measures the API alone). The reads run on the read model and on the database path
 * side by side (`--paths`), and their ratio is printed. `--report` rewrites the relayer's table of
 * docs/PERFORMANCE.md with the medians (scripts/benchReport.ts); see that document ("Relayer") for what
 * each figure means.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type DevChain, type LocalPostgres, startDevChain, startPostgres } from '@relayer/devchain';
import { runGrowth } from './benchGrowth.js';
import { type ReadFigures, runReads } from './benchReads.js';
import { runRevalidation, WARM_UP_POSTS } from './benchRevalidation.js';
import { measureSubmitFloor, presignOrders, runSubmissions } from './benchSubmissions.js';
import { runTradePages } from './benchTrades.js';
import { runWsDelivery, WARM_UP_ORDERS } from './benchWsDelivery.js';
import { type RelayerMedians, relayerRows } from './relayerRows.js';
import { sendBenchReport } from './sendBenchReport.js';
import { fmt, loadAverage, medianOfRuns } from './stats.js';
import { wsDeliveryLimit } from './wsDeliveryLimit.js';

const { values: args } = parseArgs({
  options: {
    only: { type: 'string', default: 'submit,read,ws,growth' },
    runs: { type: 'string', default: '3' },
    orders: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '32' },
    warm: { type: 'string', default: '50' },
    book: { type: 'string', default: '100000' },
    paths: { type: 'string', default: 'model,database' },
    growth: { type: 'string', default: '10000,100000,1000000' },
    restarts: { type: 'string', default: '3' },
    via: { type: 'string', default: 'bundle' },
    watcher: { type: 'string', default: 'on' },
    clients: { type: 'string', default: '1000' },
    'scale-clients': { type: 'string', default: '10000' },
    'ws-in-flight': { type: 'string', default: '64' },
    'ws-orders': { type: 'string', default: '20' },
    'revalidate-book': { type: 'string', default: '10000' },
    'revalidate-batch': { type: 'string', default: '200' },
    trades: { type: 'string', default: '100000' },
    postgres: { type: 'boolean', default: false },
    disk: { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
    report: { type: 'boolean', default: false },
  },
});
if (args.watcher !== 'on' && args.watcher !== 'off') throw new Error('--watcher must be on or off');
const watcher = args.watcher === 'on';
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
  const warmUp = Number(args.warm);
  log(
    `\n(a) order submissions: signing ${count + warmUp} orders (not measured), ${warmUp} of them to warm up...`,
  );
  const orders = await presignOrders(chain, count + warmUp);
  const medians = new Map<string, Record<string, number>>();
  for (const path of args.paths.split(',') as ('model' | 'database')[]) {
    const rows: Record<string, number>[] = [];
    for (let run = 0; run < runs; run++) {
      const result = await runSubmissions(
        {
          chain,
          orders: count,
          warmUp,
          concurrency: Number(args.concurrency),
          database,
          path,
          watcher,
          ...(profileDir ? { profileDir } : {}),
        },
        orders,
      );
      log(`  [${path}] run ${run + 1}: ${JSON.stringify(result.check)}`);
      if (result.check.stored !== result.check.sent)
        log(`  !!! stored ${result.check.stored} of ${result.check.sent} orders`);
      rows.push(result.figures);
    }
    const median = table(
      `(a) [${path}] POST /order/new, ${count} orders, ${args.concurrency} in flight`,
      rows,
      [
        ['ordersPerSec', 'orders/s', 0],
        ['p50', 'p50 ms', 1],
        ['p99', 'p99 ms', 1],
        ['cpuMsPerOrder', 'relayer CPU ms/order', 2],
        ['engineMsPerOrder', 'of which engine ms/order', 3],
        ['rowsPerBatch', 'rows/commit', 1],
        ['httpMsPerRequest', 'cached GET: CPU ms/req', 3],
      ],
    );
    if (median.engineMsPerOrder !== undefined)
      log(
        `  relayer CPU ${fmt(median.cpuMsPerOrder ?? Number.NaN, 3)} ms/order, of which the embedded engine: ${fmt(median.engineMsPerOrder, 3)} ms/order (PGlite's execProtocolRawSync, fsync included); ${fmt(median.rowsPerBatch ?? Number.NaN, 1)} rows per writer commit`,
      );
    medians.set(path, median);
  }
  // What no change of the acceptance path removes, measured alone in this process (not the relayer's).
  const floor = await measureSubmitFloor(
    orders.slice(0, count),
    args.postgres ? undefined : await database(),
    16,
  );
  log(
    '\n(a) floor, measured alone in the bench process, CPU µs per order (the write: batches of 16, as in (a))',
  );
  log(
    [
      'parse body+order',
      'order hash',
      'recover signer',
      `PGlite INSERT${args.disk ? ' on disk, fsync' : ' in memory'}`,
      'sum',
    ].join('\t'),
  );
  log(
    [floor.parse, floor.hash, floor.recover, floor.insert, floor.total]
      .map((v) => fmt(v ?? Number.NaN, 1))
      .join('\t'),
  );
  const model = medians.get('model');
  const db = medians.get('database');
  if (model && db) {
    log('\n(a) side by side: before the read model (no model, the 18 index entries per order) / now');
    log(
      `CPU ms/order ${fmt(db.cpuMsPerOrder ?? Number.NaN, 2)} / ${fmt(model.cpuMsPerOrder ?? Number.NaN, 2)}; ` +
        `orders/s ${fmt(db.ordersPerSec ?? Number.NaN, 0)} / ${fmt(model.ordersPerSec ?? Number.NaN, 0)}`,
    );
  }
  return model;
}

async function benchRead(chain: DevChain) {
  const size = Number(args.book);
  const paths = args.paths.split(',') as ('model' | 'database')[];
  const medians = new Map<string, Map<string, Record<string, number>>>();
  for (const path of paths) {
    log(
      `\n(b) order reads, ${path === 'model' ? 'read model' : 'database path'}: seeding ${size} open orders...`,
    );
    const measured = await runReads({
      chain,
      size,
      runs,
      database,
      log,
      path,
      watcher,
      ...(profileDir ? { profileDir } : {}),
    });
    const byName = new Map<string, Record<string, number>>();
    for (const { name, rows } of measured) {
      const median = table(`(b) [${path}] ${name}, ${size} open orders, 20 connections`, rows, [
        ['reqPerSec', 'req/s', 0],
        ['p50', 'p50 ms', 1],
        ['p99', 'p99 ms', 1],
        ['cpuMsPerReq', 'relayer CPU ms/req', 3],
      ] satisfies [keyof ReadFigures, string, number][]);
      byName.set(name, median);
    }
    medians.set(path, byName);
  }
  const model = medians.get('model');
  const db = medians.get('database');
  if (!model || !db) return model;
  log('\n(b) side by side: database path / read model (medians of this invocation)');
  log(
    [
      'scenario',
      'CPU ms/req db',
      'CPU ms/req model',
      'CPU ratio',
      'req/s db',
      'req/s model',
      'rate ratio',
    ].join('\t'),
  );
  for (const [name, m] of model) {
    const d = db.get(name);
    if (!d) continue;
    const cpu = (d.cpuMsPerReq ?? Number.NaN) / (m.cpuMsPerReq ?? Number.NaN);
    const rate = (m.reqPerSec ?? Number.NaN) / (d.reqPerSec ?? Number.NaN);
    log(
      [
        name,
        fmt(d.cpuMsPerReq ?? Number.NaN, 3),
        fmt(m.cpuMsPerReq ?? Number.NaN, 3),
        `${fmt(cpu, 1)}x`,
        fmt(d.reqPerSec ?? Number.NaN, 0),
        fmt(m.reqPerSec ?? Number.NaN, 0),
        `${fmt(rate, 1)}x`,
      ].join('\t'),
    );
  }
  return model;
}

async function benchGrowth(chain: DevChain) {
  const sizes = args.growth.split(',').map(Number);
  log(`\n(f) growth: the read model at ${sizes.join(', ')} open orders (one run each)`);
  const rows: Record<string, number>[] = [];
  const restartVia = args.via === 'tsx' ? 'tsx' : 'bundle';
  const restarts = Number(args.restarts);
  for (const size of sizes) {
    rows.push(
      await runGrowth({
        chain,
        size,
        database,
        log,
        restarts,
        restartVia,
        ...(profileDir ? { profileDir } : {}),
      }),
    );
  }
  log('\n(f) growth: distinct uncached pages (400 each, 20 in flight), start-up rebuild, memory');
  const columns: [string, string, number][] = [
    ['orders', 'open orders', 0],
    ['cursorCpuMs', 'CPU ms/page (cursor)', 3],
    ['cursorPerSec', 'pages/s (cursor)', 0],
    ['cursorP99', 'p99 ms (cursor)', 1],
    ['numberCpuMs', 'CPU ms/page (page no.)', 3],
    ['numberP99', 'p99 ms (page no.)', 1],
    ['rebuildMs', 'rebuild ms', 0],
    ['indexedMs', 'rebuild: every index ms', 0],
    ['heapPerOrder', 'heap B/order', 0],
    ['rssPerOrder', 'RSS B/order', 0],
    ['rssMiB', 'process RSS MiB', 0],
    ['rssAboveEmptyPerOrder', 'RSS above empty B/order', 0],
    ['readyMs', 'restart: first page ms', 0],
    ['modulesMs', 'restart: start+modules ms', 0],
    ['openMs', 'restart: PGlite open ms', 0],
    ['modelMs', 'restart: model ms', 0],
    ['firstPageMs', 'restart: first page ms after listening', 0],
    ['restartIndexedMs', 'restart: every index ms', 0],
    ['backgroundPingP99Ms', 'restart: requests during the background p99 ms', 1],
    ['backgroundPingMaxMs', 'restart: requests during the background max ms', 1],
    ['readyCpuMs', 'restart: CPU ms to first page', 0],
    ['startRelayerMs', 'restart: startRelayer ms', 0],
    ['restartRssAboveEmptyPerOrder', 'restart: RSS above empty B/order', 0],
    ['restartHeapAboveEmptyPerOrder', 'restart: heap above empty B/order', 0],
    ['restartSettledRssAboveEmptyPerOrder', 'restart: settled RSS above empty B/order', 0],
  ];
  log(columns.map(([, label]) => label).join('\t'));
  for (const row of rows) log(columns.map(([key, , d]) => fmt(row[key] ?? Number.NaN, d)).join('\t'));
  return rows;
}

/** Scenario (c) with `clients` subscribers: `--only=ws` at `--clients`, `--only=ws-scale` at `--scale-clients`. */
async function benchWs(chain: DevChain, clients: number) {
  const count = Number(args['ws-orders']);
  const [base, quote] = chain.deployment.tokens.map((t) => t.address);
  if (!base || !quote) throw new Error('devchain has too few tokens');
  const orders = await presignOrders(chain, count + WARM_UP_ORDERS, [base, quote]);
  const rows: Awaited<ReturnType<typeof runWsDelivery>>['figures'][] = [];
  const failures: string[] = [];
  log(
    `\n(c) WebSocket delivery to ${clients} subscribers, ${Number(args['ws-in-flight'])} connecting at once`,
  );
  for (let run = 0; run < runs; run++) {
    const options = {
      chain,
      clients,
      database,
      inFlight: Number(args['ws-in-flight']),
      verbose: args.verbose,
      watcher,
      log,
      ...(profileDir ? { profileDir } : {}),
    };
    const result = await runWsDelivery(options, orders);
    log(`  run ${run + 1} (load ${loadAverage()}): ${JSON.stringify(result.check)}`);
    if (result.check.failure) failures.push(result.check.failure);
    rows.push(result.figures);
  }
  const figures = table(
    `(c) WebSocket delivery of a new order to ${clients} subscribers, ${count} orders per run (ms from the bus unless "from POST")`,
    rows,
    [
      ['subscribed', 'subscribed', 0],
      ['connectS', 'connect s', 1],
      ['postP50', 'from POST p50', 1],
      ['postP99', 'from POST p99', 1],
      ['postMax', 'from POST max', 1],
      ['p50', 'p50', 1],
      ['p99', 'p99', 1],
      ['firstClientMs', 'first client', 1],
      ['lastClientMs', 'last client', 1],
      ['afterFanOutMs', 'last after fan-out', 1],
      ['fanOutMs', 'server fan-out', 1],
      ['cpuMsPerOrder', 'relayer CPU ms/order', 2],
      ['clientCpuMsPerOrder', 'bench CPU ms/order', 1],
    ],
  );
  for (const failure of failures) log(`  limited by: ${failure}`);
  if (failures.length === 0) log(`  what limits it: ${wsDeliveryLimit(medianOfRuns(rows))}`);
  return { clients, figures, ...(failures[0] ? { failure: failures[0] } : {}) };
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
      [`${f}_deep_cpu`, `${f} deep CPU ms/req`, 3],
    ]),
  );
}

async function main() {
  const cpu = cpus();
  log(`Relayer benchmark ${new Date().toISOString()}`);
  log(
    `machine: ${cpu.length} cores (${cpu[0]?.model ?? 'unknown'}), ${fmt(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  );
  if (args.via === 'tsx') process.env.BENCH_VIA = 'tsx';
  log(
    `relayer process: ${args.via === 'tsx' ? 'TypeScript through tsx' : 'the prebuilt bundle, as production runs it'}, chain watcher ${args.watcher}`,
  );
  // Other work on the machine shows up in the tails; say how busy it was.
  log(`load average at start (1/5/15 min): ${loadAverage()}`);
  // `--disk`: durable (fsync at every commit), as the relayer runs it in production.
  if (args.postgres) postgres = await startPostgres({ durable: args.disk });
  log(
    `database: ${postgres ? `PostgreSQL (temporary local cluster${args.disk ? ', durable: fsync on' : ', fsync off'})` : diskRoot ? `PGlite on disk, durable (${diskRoot})` : 'PGlite (in memory)'}; runs per figure: ${runs}`,
  );
  const chain = await startDevChain({ port: 0 });
  const medians: RelayerMedians = {
    command: `cd packages/server && npx tsx bench/run.ts ${process.argv
      .slice(2)
      .filter((arg) => arg !== '--report')
      .join(' ')}`.trim(),
    durable: args.disk,
    database: postgres ? 'PostgreSQL' : diskRoot ? 'PGlite on disk, durable' : 'PGlite in memory',
    watcher,
    book: Number(args.book),
  };
  try {
    if (only.has('submit')) {
      const figures = await benchSubmit(chain);
      if (figures)
        medians.submit = { orders: Number(args.orders), concurrency: Number(args.concurrency), figures };
    }
    if (only.has('read')) {
      const read = await benchRead(chain);
      if (read) medians.read = read;
    }
    if (only.has('ws')) medians.ws = await benchWs(chain, Number(args.clients));
    if (only.has('ws-scale')) medians.wsScale = await benchWs(chain, Number(args['scale-clients']));
    if (only.has('growth')) medians.growth = await benchGrowth(chain);
    if (only.has('revalidate')) await benchRevalidate(chain);
    if (only.has('trades')) await benchTrades(chain);
  } finally {
    await chain.stop();
    await postgres?.stop();
    if (diskRoot) rmSync(diskRoot, { recursive: true, force: true });
  }
  log(`\nload average at end (1/5/15 min): ${loadAverage()}`);
  if (args.report) sendBenchReport('relayer', relayerRows(medians));
  if (profileDir) log(`\nCPU profiles of the server processes: ${profileDir}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
