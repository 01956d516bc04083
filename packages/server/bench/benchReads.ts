import type { DevChain } from '@relayer/devchain';
import autocannon from 'autocannon';
import type { Config } from '../src/config.js';
import { networkFor } from '../test/helpers/networkFor.js';
import { benchConfig } from './benchConfig.js';
import { closedLoop } from './closedLoop.js';
import { seedBook } from './seedBook.js';
import { type BenchServer, startBenchServer } from './startBenchServer.js';
import { fmt } from './stats.js';

/** The stored sorts whose keyset walks make the distinct pages of (b) and the probes. */
export const WALK_SORTS = [
  'makerFee',
  'takerTokenAmount',
  'expirationUnixTimestampSec',
  'createdAt',
  'makerToken',
];

export type ReadFigures = {
  reqPerSec: number;
  p50: number;
  p99: number;
  /** The relayer process's CPU time (user + system) per request answered, ms. */
  cpuMsPerReq: number;
};

interface OrderPage {
  total: number;
  nextCursor: string | null;
}

/** Walks `GET /order` by keyset cursor and returns the cursors met on the way (one per page). */
export async function collectCursors(url: string, query: string, pages: number): Promise<string[]> {
  const cursors: string[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < pages; i++) {
    const page = (await (
      await fetch(`${url}/order?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
    ).json()) as OrderPage;
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
    cursors.push(cursor);
  }
  return cursors;
}

const CONNECTIONS = 20;

/** Six stored sorts, as the web app's sort menu and an SRA client ask for them. */
export const OPERATOR_SORTS = [
  'makerFee',
  'takerFee',
  'takerTokenAmount',
  'makerTokenAmount',
  'expirationUnixTimestampSec',
  'createdAt',
];
/** Keyset pages walked per sort and filter: enough distinct pages for a run of a few seconds. */
const OPERATOR_WALK = 150;
/** The row of the operator's mix, which `run.ts --report` writes to docs/PERFORMANCE.md. */
export const OPERATOR_ROW = `uncached pages of 20, ${OPERATOR_SORTS.length} sorts with and without a token filter (each once)`;

/**
 * The pages an operator's readers ask for: keyset pages of 20 over six sorts, both directions taken in
 * turn, each walk once unfiltered and once filtered on one token (either side, `tokenAddress`), the
 * tokens taken in turn. Each path appears once.
 */
async function operatorPages(url: string, tokens: readonly { address: string }[]): Promise<string[]> {
  const pages: string[] = [];
  for (const [i, sort] of OPERATOR_SORTS.entries()) {
    const direction = i % 2 === 0 ? 'asc' : 'desc';
    const token = tokens[i % tokens.length]?.address;
    for (const filter of ['', `&tokenAddress=${token}`]) {
      const query = `sort=${sort}&direction=${direction}${filter}`;
      const cursors = await collectCursors(url, `${query}&per_page=100`, OPERATOR_WALK);
      for (const c of cursors) pages.push(`/order?${query}&per_page=20&cursor=${encodeURIComponent(c)}`);
    }
  }
  return pages;
}

/**
 * autocannon against `paths` (taken in turn) over 20 keep-alive connections for `duration` seconds.
 * Any non-2xx or error makes the figures void.
 */
export async function measureReads(
  server: BenchServer,
  paths: readonly string[],
  duration = 10,
): Promise<ReadFigures> {
  let i = 0;
  const cpuBefore = await server.cpuMicros();
  const result = await autocannon({
    url: server.url,
    connections: CONNECTIONS,
    duration,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({ ...request, path: paths[i++ % paths.length] as string }),
      },
    ],
  });
  if (result.errors > 0 || result.non2xx > 0 || result.timeouts > 0) {
    throw new Error(
      `read bench: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers`,
    );
  }
  const cpuMsPerReq = ((await server.cpuMicros()) - cpuBefore) / 1000 / Math.max(1, result.requests.total);
  return {
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMsPerReq,
  };
}

/** Each path exactly once, 20 in flight (closedLoop): what the book cache cannot answer. */
export async function measureEachOnce(server: BenchServer, paths: readonly string[]): Promise<ReadFigures> {
  const cpuBefore = await server.cpuMicros();
  const result = await closedLoop(
    server.url,
    paths.map((path) => ({ method: 'GET', path })),
    CONNECTIONS,
  );
  if (result.statuses[200] !== paths.length)
    throw new Error(`read bench: answers ${JSON.stringify(result.statuses)}`);
  const cpuMsPerReq = ((await server.cpuMicros()) - cpuBefore) / 1000 / paths.length;
  return { reqPerSec: result.perSec, p50: result.p50, p99: result.p99, cpuMsPerReq };
}

export interface ReadOptions {
  chain: DevChain;
  size: number;
  runs: number;
  database: () => Promise<Config['database'] | undefined>;
  log: (line: string) => void;
  /** `model`: open pages from the read model; `database`: every page from the database (the path it replaced). */
  path: 'model' | 'database';
  profileDir?: string;
  /** Run the chain watcher beside the API, as an operator does (benchConfig). */
  watcher?: boolean;
}

/**
 * Scenario (b): a book of `size` open orders written through the app's order writer, then autocannon
 * (20 connections) against the default query, filtered queries, one deep keyset page, and distinct
 * keyset pages each requested once (what the book cache cannot answer). The last is measured before
 * and after ANALYZE: PGlite has no autovacuum, so without it the planner has no statistics at all.
 */
export async function runReads(options: ReadOptions): Promise<{ name: string; rows: ReadFigures[] }[]> {
  const { chain, size, runs, log } = options;
  const config = benchConfig(networkFor(chain), await options.database(), {
    watcher: options.watcher ?? false,
  });
  const server = await startBenchServer({
    config,
    readModel: options.path === 'model',
    ...(options.profileDir ? { profileDir: options.profileDir } : {}),
  });
  try {
    const { tokens, seeded } = await seedBook(server, chain, size);
    log(
      `  seeded ${seeded.inserted} orders in ${fmt(seeded.ms / 1000)} s; open orders stored: ${await server.countOpen()}`,
    );
    // The database path is measured as it ran before the read model: with the open book's indexes.
    if (options.path === 'database') await server.legacyIndexes();
    // The seed wrote behind the read model's back: it reads the book again, as at start-up.
    if (options.path === 'model') {
      // rebuild() answers once every index is built too (serverProcess.ts): the start-up work of the
      // background index build must not be billed to the pages measured next.
      const rebuilt = await server.rebuild();
      log(
        `  read model rebuilt: ${rebuilt.orders} open orders in ${fmt(rebuilt.ms)} ms, every index built after ${fmt(rebuilt.indexedMs)} ms`,
      );
    }
    const pairs = tokens.flatMap((m) =>
      tokens.filter((t) => t !== m).map((t) => [m.address, t.address] as const),
    );
    const filtered = pairs.map(
      ([maker, taker]) =>
        `/order?makerTokenAddress=${maker}&takerTokenAddress=${taker}&sort=takerTokenAmount&direction=desc&per_page=20`,
    );
    const walk = 'sort=makerFee&direction=asc&per_page=100';
    // per_page differs per pass so no pass finds another's answers in the book cache.
    let pass = 0;
    const uncached = (cursors: readonly string[]) => () => {
      const perPage = 21 + pass++;
      const paths = cursors.map((c) => `/order?per_page=${perPage}&cursor=${encodeURIComponent(c)}`);
      return measureEachOnce(server, paths);
    };
    const results: { name: string; rows: ReadFigures[] }[] = [];
    const measure = async (name: string, run: () => Promise<ReadFigures>) => {
      const rows: ReadFigures[] = [];
      // BENCH_MARK_ROWS=1: where each row starts and ends in the log (with BENCH_SERVER_ARGS=--trace-gc,
      // which GCs fell inside it).
      if (process.env.BENCH_MARK_ROWS) log(`  >>> ${name}`);
      for (let i = 0; i < runs; i++) rows.push(await run());
      if (process.env.BENCH_MARK_ROWS) log(`  <<< ${name}`);
      results.push({ name, rows });
    };

    // Without statistics an uncached page costs the same at any depth, so a short walk suffices here.
    const shallow = await collectCursors(server.url, walk, 100);
    await measure(
      `uncached keyset pages, no ANALYZE yet (${shallow.length} cursors, each once)`,
      uncached(shallow),
    );
    await server.analyze();
    const cursors = await collectCursors(server.url, walk, Math.floor(size / 100) - 10);
    const deep = cursors.at(-1);
    if (!deep) throw new Error('could not page through the book');
    log(`  walked ${cursors.length} keyset pages of 100 (deepest cursor ~${cursors.length * 100} orders in)`);
    await measure('default query (GET /order)', () => measureReads(server, ['/order']));
    await measure(`filtered (${filtered.length} pairs, sort takerTokenAmount desc, 20/page)`, () =>
      measureReads(server, filtered),
    );
    await measure(`deep keyset page (one cursor ~${cursors.length * 100} deep, 20/page)`, () =>
      measureReads(server, [`/order?per_page=20&cursor=${encodeURIComponent(deep)}`]),
    );
    // Pages of one sort whose ties go to hashes (their orders lie scattered in memory), 22 a page and
    // more: dearer per page than the five-sort row below, whose orders lie closer together.
    await measure(
      `uncached keyset pages after ANALYZE (${cursors.length} makerFee cursors, each once, ${21 + pass}${runs > 1 ? '+' : ''}/page)`,
      uncached(cursors),
    );
    // Enough distinct pages for a rate of thousands a second to last seconds: keyset walks of five
    // stored sorts, both directions, each page asked for once.
    const mixed: string[] = [];
    for (const sort of WALK_SORTS) {
      for (const direction of sort === 'makerFee' ? ['desc'] : ['asc', 'desc']) {
        const query = `sort=${sort}&direction=${direction}`;
        const walked =
          sort === 'makerFee' && direction === 'asc'
            ? cursors
            : await collectCursors(server.url, `${query}&per_page=100`, Math.floor(size / 100) - 10);
        for (const c of walked) mixed.push(`/order?${query}&per_page=20&cursor=${encodeURIComponent(c)}`);
      }
    }
    for (const c of cursors)
      mixed.push(`/order?sort=makerFee&direction=asc&per_page=20&cursor=${encodeURIComponent(c)}`);
    log(`  walked ${mixed.length} distinct keyset pages of 20 over 5 sorts and both directions`);
    let round = 0;
    await measure(`uncached keyset pages, 5 sorts (${mixed.length} distinct pages of 20, each once)`, () => {
      // Each run asks for pages no run before asked for (a different page size from the second run on).
      const pages =
        round++ === 0 ? mixed : mixed.map((path) => path.replace('per_page=20', `per_page=${19 - round}`));
      return measureEachOnce(server, pages);
    });
    const operator = await operatorPages(server.url, tokens);
    log(
      `  walked ${operator.length} distinct keyset pages of 20 over ${OPERATOR_SORTS.length} sorts, with and without a token filter`,
    );
    let operatorRound = 0;
    await measure(OPERATOR_ROW, () => {
      const pages =
        operatorRound++ === 0
          ? operator
          : operator.map((path) => path.replace('per_page=20', `per_page=${20 - operatorRound}`));
      return measureEachOnce(server, pages);
    });
    // The floor of the row above: the same client (each request once, 20 in flight) and page size, but
    // one cached page. What the row above costs beyond it is what an uncached page costs to make.
    const perPage = 20 + pass;
    const cachedPath = `/order?per_page=${perPage}&cursor=${encodeURIComponent(deep)}`;
    await measure(
      `the same client on one cached page (${cursors.length} requests, ${perPage}/page)`,
      async () => {
        await measureEachOnce(server, [cachedPath, cachedPath, cachedPath]);
        return measureEachOnce(
          server,
          Array.from(cursors, () => cachedPath),
        );
      },
    );
    return results;
  } finally {
    await server.stop();
  }
}
