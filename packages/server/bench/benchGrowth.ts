import type { DevChain } from '@relayer/devchain';
import type { Config } from '../src/config.js';
import { networkFor } from '../test/helpers/networkFor.js';
import { benchConfig } from './benchConfig.js';
import { collectCursors, measureEachOnce } from './benchReads.js';
import { seedBook } from './seedBook.js';
import { startBenchServer } from './startBenchServer.js';
import { fmt } from './stats.js';

export interface GrowthOptions {
  chain: DevChain;
  size: number;
  database: () => Promise<Config['database'] | undefined>;
  log: (line: string) => void;
}

export type GrowthFigures = {
  orders: number;
  /** Relayer CPU (user + system) per distinct uncached page, ms: keyset cursors, then page numbers. */
  cursorCpuMs: number;
  cursorP99: number;
  cursorPerSec: number;
  numberCpuMs: number;
  numberP99: number;
  /** Reading the open book from the database into the read model (what start-up does), ms. */
  rebuildMs: number;
  /** What the read model adds to the process once built (after a full GC), bytes per open order. */
  heapPerOrder: number;
  rssPerOrder: number;
  /** The whole relayer process (PGlite in memory included when it is the database), MiB. */
  rssMiB: number;
  /** Resident memory above the same relayer just started on an empty database, per open order (bytes). */
  rssAboveEmptyPerOrder: number;
  /**
   * On-disk PGlite only (else NaN): the relayer started again as a new process on the database it left,
   * as `npm start` does: from the fork until the first (uncached) page was answered, ms; of which
   * startRelayer (open, migrate, build the app and the read model, listen), ms; and its resident
   * memory (after a full GC) above the empty relayer's, per open order.
   */
  readyMs: number;
  startRelayerMs: number;
  restartRssAboveEmptyPerOrder: number;
  restartHeapAboveEmptyPerOrder: number;
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
  let emptyMemory: { rss: number; heapUsed: number };
  try {
    const empty = await server.memory();
    const { seeded } = await seedBook(server, chain, size);
    const before = await server.memory();
    const rebuilt = await server.rebuild();
    const after = await server.memory();
    log(
      `  ${size}: seeded ${seeded.inserted} in ${fmt(seeded.ms / 1000)} s; read model of ${rebuilt.orders} built in ${fmt(rebuilt.ms)} ms; heap +${fmt((after.heapUsed - before.heapUsed) / 2 ** 20)} MiB, rss +${fmt((after.rss - before.rss) / 2 ** 20)} MiB`,
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
      heapPerOrder: (after.heapUsed - before.heapUsed) / Math.max(1, rebuilt.orders),
      rssPerOrder: (after.rss - before.rss) / Math.max(1, rebuilt.orders),
      rssMiB: after.rss / 2 ** 20,
      rssAboveEmptyPerOrder: (after.rss - empty.rss) / Math.max(1, rebuilt.orders),
      readyMs: Number.NaN,
      startRelayerMs: Number.NaN,
      restartRssAboveEmptyPerOrder: Number.NaN,
      restartHeapAboveEmptyPerOrder: Number.NaN,
    };
    emptyMemory = empty;
  } finally {
    await server.stop();
  }
  const { database } = config;
  if (!database.url && !database.dataDir.includes('://')) {
    Object.assign(figures, await restart(config, figures.orders, emptyMemory, log));
  }
  return figures;
}

/**
 * The relayer started again, as a new process, on the on-disk database the measured one left: the time
 * from the fork until the first page nobody asked for before is answered (what an operator waits for
 * after a restart), and its memory once the book is built, above the empty relayer's.
 */
async function restart(
  config: Config,
  orders: number,
  empty: { rss: number; heapUsed: number },
  log: (line: string) => void,
): Promise<Partial<GrowthFigures>> {
  const began = performance.now();
  const server = await startBenchServer({ config, readModel: true });
  try {
    const page = await fetch(`${server.url}/order?sort=takerFee&direction=desc&per_page=20`);
    if (page.status !== 200)
      throw new Error(`growth: the first page after a restart answered ${page.status}`);
    const readyMs = performance.now() - began;
    const memory = await server.memory();
    const count = await server.countOpen();
    if (count !== orders) throw new Error(`growth: ${count} open orders after the restart, not ${orders}`);
    log(
      `  restart on disk: first page after ${fmt(readyMs)} ms (startRelayer ${fmt(server.startRelayerMs)} ms, listening ${fmt(server.sinceProcessStartMs)} ms after the process started); rss ${fmt(memory.rss / 2 ** 20)} MiB, +${fmt((memory.rss - empty.rss) / orders)} B/order above the empty relayer, heap +${fmt((memory.heapUsed - empty.heapUsed) / orders)} B/order`,
    );
    return {
      readyMs,
      startRelayerMs: server.startRelayerMs,
      restartRssAboveEmptyPerOrder: (memory.rss - empty.rss) / orders,
      restartHeapAboveEmptyPerOrder: (memory.heapUsed - empty.heapUsed) / orders,
    };
  } finally {
    await server.stop();
  }
}
