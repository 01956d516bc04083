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
  try {
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
    return {
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
    };
  } finally {
    await server.stop();
  }
}
