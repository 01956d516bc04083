import { setTimeout as sleep } from 'node:timers/promises';
import type { DevChain } from '@relayer/devchain';
import type { Config } from '../src/config.js';
import { networkFor } from '../test/helpers/networkFor.js';
import { benchConfig } from './benchConfig.js';
import { collectCursors, measureEachOnce } from './benchReads.js';
import { seedBook } from './seedBook.js';
import { type BenchServer, benchServerBundle, startBenchServer } from './startBenchServer.js';
import { fmt, loadAverage, median, percentile } from './stats.js';

export interface GrowthOptions {
  chain: DevChain;
  size: number;
  database: () => Promise<Config['database'] | undefined>;
  log: (line: string) => void;
  /** Restarts on the on-disk database (the median is reported); default 3. */
  restarts?: number;
  /** What a restart runs: the server's prebuilt bundle, as production does (default), or its TypeScript through tsx. */
  restartVia?: 'bundle' | 'tsx';
  /** Write a V8 CPU profile of each restarted process (from its start) into this directory. */
  profileDir?: string;
}

export type GrowthFigures = {
  orders: number;
  /** Relayer CPU (user + system) per distinct uncached page, ms: keyset cursors, then page numbers. */
  cursorCpuMs: number;
  cursorP99: number;
  cursorPerSec: number;
  numberCpuMs: number;
  numberP99: number;
  /** Reading the open book from the database into the read model (what start-up does), ms: until it serves. */
  rebuildMs: number;
  /** Until the background had built every index too, ms. */
  indexedMs: number;
  /** What the read model adds to the process once built (after a full GC), bytes per open order. */
  heapPerOrder: number;
  rssPerOrder: number;
  /** The whole relayer process (PGlite in memory included when it is the database), MiB. */
  rssMiB: number;
  /**
   * Resident memory above the same process before seeding (a relayer just started on a new, empty
   * database), per open order, bytes: with PGlite in memory this includes the rows themselves.
   */
  rssAboveEmptyPerOrder: number;
  /**
   * On-disk PGlite only (else NaN): the relayer started again as a new process on the database it left,
   * as `npm start` does (medians of `restarts`): from the fork until the first (uncached) page was
   * answered ("ready to serve"), ms; its parts: the process's start and module loading until
   * startRelayer began, startRelayer's steps (open, migrate, app, model, listen) and the first page; of
   * which startRelayer, ms; when the background had built every index, ms after the fork; and its
   * resident memory (after a full GC, every index built) above that of an empty relayer restarted the
   * same way, per open order.
   */
  readyMs: number;
  modulesMs: number;
  openMs: number;
  migrateMs: number;
  appMs: number;
  modelMs: number;
  listenMs: number;
  firstPageMs: number;
  restartIndexedMs: number;
  /** The restarted process's CPU time (user + system) until that first page was answered, ms. */
  readyCpuMs: number;
  startRelayerMs: number;
  restartRssAboveEmptyPerOrder: number;
  restartHeapAboveEmptyPerOrder: number;
  /** The same once V8 has shrunk its young generation in both (serverProcess.ts, `memory`). */
  restartSettledRssAboveEmptyPerOrder: number;
  /**
   * While the restarted relayer's background built its indexes: requests sent one after another (a
   * cached page, little work, 2 ms apart) from the first page until every index was built, and
   * their latency, p99 and max, ms: how long the background holds the event loop.
   */
  backgroundPings: number;
  backgroundPingP99Ms: number;
  backgroundPingMaxMs: number;
};

const PAGES = 400;

/**
 * One size of the growth table: a relayer (read model) over `size` open orders seeded behind its back,
 * then its book rebuilt from the database as start-up does (timed, memory before and after), then
 * distinct pages nobody asked for before, each once, 20 in flight: keyset cursors of `sort=makerFee`,
 * and page numbers spread over the whole book (`sort=takerTokenAmount`).
 */
export async function runGrowth(options: GrowthOptions): Promise<GrowthFigures> {
  const { chain, size, log } = options;
  const config = benchConfig(networkFor(chain), await options.database());
  const server = await startBenchServer({ config, readModel: true });
  let figures: GrowthFigures;
  try {
    const empty = await server.memory();
    const { seeded } = await seedBook(server, chain, size);
    const before = await server.memory();
    const rebuilt = await server.rebuild();
    const after = await server.memory();
    log(
      `  ${size}: seeded ${seeded.inserted} in ${fmt(seeded.ms / 1000)} s; read model of ${rebuilt.orders} built in ${fmt(rebuilt.ms)} ms (every index ${fmt(rebuilt.indexedMs)} ms); heap +${fmt((after.heapUsed - before.heapUsed) / 2 ** 20)} MiB, rss +${fmt((after.rss - before.rss) / 2 ** 20)} MiB`,
    );
    const cursors = await collectCursors(server.url, 'sort=makerFee&direction=asc&per_page=100', PAGES);
    const byCursor = await measureEachOnce(
      server,
      cursors.map((c) => `/order?per_page=21&cursor=${encodeURIComponent(c)}`),
    );
    const lastPage = Math.max(1, Math.floor(size / 20));
    const numbers = Array.from({ length: PAGES }, (_, i) => 1 + Math.floor((i * lastPage) / PAGES));
    const byNumber = await measureEachOnce(
      server,
      numbers.map((n) => `/order?sort=takerTokenAmount&per_page=20&page=${n}`),
    );
    figures = {
      orders: rebuilt.orders,
      cursorCpuMs: byCursor.cpuMsPerReq,
      cursorP99: byCursor.p99,
      cursorPerSec: byCursor.reqPerSec,
      numberCpuMs: byNumber.cpuMsPerReq,
      numberP99: byNumber.p99,
      rebuildMs: rebuilt.ms,
      indexedMs: rebuilt.indexedMs,
      heapPerOrder: (after.heapUsed - before.heapUsed) / Math.max(1, rebuilt.orders),
      rssPerOrder: (after.rss - before.rss) / Math.max(1, rebuilt.orders),
      rssMiB: after.rss / 2 ** 20,
      rssAboveEmptyPerOrder: (after.rss - empty.rss) / Math.max(1, rebuilt.orders),
      readyMs: Number.NaN,
      modulesMs: Number.NaN,
      openMs: Number.NaN,
      migrateMs: Number.NaN,
      appMs: Number.NaN,
      modelMs: Number.NaN,
      listenMs: Number.NaN,
      firstPageMs: Number.NaN,
      restartIndexedMs: Number.NaN,
      readyCpuMs: Number.NaN,
      startRelayerMs: Number.NaN,
      restartRssAboveEmptyPerOrder: Number.NaN,
      restartHeapAboveEmptyPerOrder: Number.NaN,
      restartSettledRssAboveEmptyPerOrder: Number.NaN,
      backgroundPings: Number.NaN,
      backgroundPingP99Ms: Number.NaN,
      backgroundPingMaxMs: Number.NaN,
    };
  } finally {
    await server.stop();
  }
  const { database } = config;
  if (!database.url && !database.dataDir.includes('://')) {
    const bundle = (options.restartVia ?? 'bundle') === 'bundle';
    // Built (or found current) before anything is timed.
    if (bundle) benchServerBundle();
    emptyRestart ??= await restartedEmpty(chain, options.database, bundle);
    const restarts: Partial<GrowthFigures>[] = [];
    for (let run = 0; run < (options.restarts ?? 3); run++) {
      restarts.push(await restart(config, figures.orders, emptyRestart, bundle, log, options.profileDir));
    }
    const medians = Object.fromEntries(
      Object.keys(restarts[0] ?? {}).map((key) => [
        key,
        median(restarts.map((r) => r[key as keyof GrowthFigures] as number)),
      ]),
    ) as Partial<GrowthFigures>;
    Object.assign(figures, medians);
    log(
      `  ready to serve (${bundle ? 'bundle' : 'tsx'}, median of ${restarts.length} restarts, load average ${loadAverage()}): ${fmt(figures.readyMs)} ms = process start and modules ${fmt(figures.modulesMs)}, PGlite open ${fmt(figures.openMs)}, migrate ${fmt(figures.migrateMs)}, app ${fmt(figures.appMs)}, model ${fmt(figures.modelMs)}, listen ${fmt(figures.listenMs)}, first page ${fmt(figures.firstPageMs)}; ${fmt(figures.readyCpuMs, 0)} ms of its CPU; every index built ${fmt(figures.restartIndexedMs)} ms after the fork; requests meanwhile p99 ${fmt(figures.backgroundPingP99Ms)} ms, max ${fmt(figures.backgroundPingMaxMs)} ms`,
    );
  }
  return figures;
}

/** The memory of an empty relayer started again on its own database (once per invocation). */
type Memory = Awaited<ReturnType<BenchServer['memory']>>;
let emptyRestart: Memory | undefined;

/**
 * A relayer's memory after a restart on an empty on-disk database: the baseline of the restarted
 * figures. (A first start creates the cluster, initdb in WebAssembly, which leaves more memory behind
 * than opening one: measured against it, a restarted book would look smaller than nothing.)
 */
async function restartedEmpty(
  chain: DevChain,
  database: () => Promise<Config['database'] | undefined>,
  bundle: boolean,
): Promise<Memory> {
  const config = benchConfig(networkFor(chain), await database());
  await (await startBenchServer({ config, readModel: true, bundle })).stop();
  const server = await startBenchServer({ config, readModel: true, bundle });
  try {
    // What a restarted book serves first, on nothing.
    await fetch(`${server.url}/order?sort=takerFee&direction=desc&per_page=20`);
    return await server.memory();
  } finally {
    await server.stop();
  }
}

/**
 * The relayer started again, as a new process, on the on-disk database the measured one left: the time
 * from the fork until the first page nobody asked for before is answered (what an operator waits for
 * after a restart), and its memory once the book is built, above the empty relayer's.
 */
async function restart(
  config: Config,
  orders: number,
  empty: Memory,
  bundle: boolean,
  log: (line: string) => void,
  profileDir?: string,
): Promise<Partial<GrowthFigures>> {
  const began = performance.now();
  const server = await startBenchServer({
    config,
    readModel: true,
    bundle,
    ...(profileDir ? { profileDir } : {}),
  });
  try {
    const listening = performance.now() - began;
    const page = await fetch(`${server.url}/order?sort=takerFee&direction=desc&per_page=20`);
    if (page.status !== 200)
      throw new Error(`growth: the first page after a restart answered ${page.status}`);
    await page.arrayBuffer();
    const readyMs = performance.now() - began;
    // Its CPU time from process start to here: steadier than the wall time on a shared machine.
    const readyCpuMs = (await server.cpuMicros()) / 1000;
    // The fork itself and Node's start, then module loading, until startRelayer began.
    const modulesMs = listening - server.startRelayerMs;
    const { openMs, migrateMs, buildMs: appMs, modelMs, readyMs: listenMs } = server.startup;
    // Requests while the background builds the indexes (the first page, now cached: its cost is the
    // event loop's wait), until every index is built.
    let building = true;
    const indexed = server.indexed().finally(() => {
      building = false;
    });
    const pings: number[] = [];
    while (building) {
      const sent = performance.now();
      const ping = await fetch(`${server.url}/order?sort=takerFee&direction=desc&per_page=20`);
      await ping.arrayBuffer();
      pings.push(performance.now() - sent);
      await sleep(2);
    }
    const indexedMs = (await indexed) + (listening - server.sinceProcessStartMs);
    const backgroundPingP99Ms = percentile(
      [...pings].sort((a, b) => a - b),
      99,
    );
    const backgroundPingMaxMs = Math.max(0, ...pings);
    const memory = await server.memory();
    const count = await server.countOpen();
    if (count !== orders) throw new Error(`growth: ${count} open orders after the restart, not ${orders}`);
    log(
      `  restart on disk (${bundle ? 'bundle' : 'tsx'}): first page after ${fmt(readyMs)} ms, ${fmt(readyCpuMs, 0)} ms of its CPU (startRelayer ${fmt(server.startRelayerMs)} ms: ${JSON.stringify(server.startup)}; listening ${fmt(server.sinceProcessStartMs)} ms after the process started, ${fmt(listening)} ms after the fork; every index built ${fmt(indexedMs)} ms after the fork; ${pings.length} requests meanwhile, p99 ${fmt(backgroundPingP99Ms)} ms, max ${fmt(backgroundPingMaxMs)} ms); rss ${fmt(memory.rss / 2 ** 20)} MiB, +${fmt((memory.rss - empty.rss) / orders)} B/order above the empty relayer, heap +${fmt((memory.heapUsed - empty.heapUsed) / orders)} B/order; settled (young generation ${fmt(memory.newSpace / 2 ** 20)} MiB, empty ${fmt(empty.newSpace / 2 ** 20)} MiB): rss ${fmt(memory.settledRss / 2 ** 20)} MiB (empty ${fmt(empty.settledRss / 2 ** 20)} MiB), +${fmt((memory.settledRss - empty.settledRss) / orders)} B/order`,
    );
    return {
      readyMs,
      modulesMs,
      openMs,
      migrateMs,
      appMs,
      modelMs,
      listenMs,
      firstPageMs: readyMs - listening,
      restartIndexedMs: indexedMs,
      readyCpuMs,
      startRelayerMs: server.startRelayerMs,
      restartRssAboveEmptyPerOrder: (memory.rss - empty.rss) / orders,
      restartHeapAboveEmptyPerOrder: (memory.heapUsed - empty.heapUsed) / orders,
      restartSettledRssAboveEmptyPerOrder: (memory.settledRss - empty.settledRss) / orders,
      backgroundPings: pings.length,
      backgroundPingP99Ms,
      backgroundPingMaxMs,
    };
  } finally {
    await server.stop();
  }
}
