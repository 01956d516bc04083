/**
 * In-process probe of the read model's rebuild (not part of `npm run bench`): `npx tsx bench/rebuildProbe.ts
 * <orders> [dataDir]` (BLOCKS=table blocks per statement; ROWS=1: through readOpenRows and orderFromRow,
 * the row arrays readOpenOrders replaced, instead of it) seeds a PGlite (in memory, or on disk in `dataDir`,
 * reused when it already holds the orders), then times reading the orders into BookOrders (with ROWS=1:
 * reading the rows, then making BookOrders) and loading the book, then the reads that come
 * before the indexes load() leaves unbuilt are built (the first page's, a cursor's, a pair's: answered
 * without them), one index built at once, then the rest as the read model's background builds them (a
 * slice per turn of the event loop: the longest slice, and the event loop's delay), and prints memory.
 */
import { existsSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { BookOrder } from '../src/book/model/BookOrder.js';
import { NetworkBook } from '../src/book/model/NetworkBook.js';
import { IndexView } from '../src/book/query/IndexView.js';
import { SORT_ORDERINGS } from '../src/book/sort/bookOrderings.js';
import { BLOCKS_PER_CHUNK, readOpenOrders } from '../src/book/store/readOpenOrders.js';
import { BACKGROUND_SLICE_MS } from '../src/book/sync/createReadModel.js';
import { createPgliteDatabase } from '../src/db/createPgliteDatabase.js';
import { migrate } from '../src/db/migrate.js';
import { type BookRow, orderFromRow, readOpenRows } from '../test/helpers/bookRows.js';
import { seedOrders } from './seedOrders.js';
import { loadAverage } from './stats.js';

const count = Number(process.argv[2] ?? 100_000);
const dataDir = process.argv[3] ?? 'memory://';
const mem = () => {
  (globalThis as { gc?: () => void }).gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heapUsed };
};
const MiB = (n: number) => (n / 2 ** 20).toFixed(1);
const existing = dataDir !== 'memory://' && existsSync(dataDir);
const db = await createPgliteDatabase(dataDir);
await migrate(db);
const [{ n } = { n: 0 }] = await db.query<{ n: number }>(
  "SELECT count(*)::int AS n FROM orders WHERE state = 'open'",
);
if (n < count) {
  const tokens = Array.from({ length: 8 }, (_, i) => ({
    address: `0x${String(i + 1).padStart(40, '0')}`,
    symbol: `T${i}`,
  }));
  const seeded = await seedOrders(db, 'main', count - n, tokens);
  console.log(
    `seeded ${seeded.inserted} in ${(seeded.ms / 1000).toFixed(1)} s${existing ? ' (on top)' : ''}`,
  );
}
const runs = Number(process.env.RUNS ?? 3);
for (let run = 0; run < runs; run++) {
  const m0 = mem();
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const blocks = Number(process.env.BLOCKS ?? BLOCKS_PER_CHUNK);
  const book = new NetworkBook();
  let orders: BookOrder[] = [];
  const rowsAll: BookRow[][] = [];
  if (process.env.ROWS === '1') {
    await readOpenRows(db, 'main', (rows) => rowsAll.push(rows), blocks);
  } else {
    orders = await readOpenOrders(db, 'main', book, blocks);
  }
  const t1 = performance.now();
  const c1 = process.cpuUsage();
  if (process.env.ROWS === '1')
    orders = rowsAll.flatMap((rows) => rows.map((row) => orderFromRow(book, row)));
  rowsAll.length = 0;
  const read = orders.length;
  const t2 = performance.now();
  const c2 = process.cpuUsage();
  book.load(orders);
  const t3 = performance.now();
  const c3 = process.cpuUsage();
  const cpu = (a: NodeJS.CpuUsage, b: NodeJS.CpuUsage) =>
    ((b.user + b.system - a.user - a.system) / 1000).toFixed(0);
  orders.length = 0;
  // The indexes load() leaves unbuilt. A read before the background built one: the first page of a
  // sort of the whole book (as a restarted relayer's first request), a keyset page after it, a pair's
  // first page, each answered without the index (PendingIndex); then what building one sort of the
  // book at once costs (what such a request paid before, and still pays for a walk of it).
  const timed = (work: () => unknown) => {
    const began = performance.now();
    work();
    return performance.now() - began;
  };
  const view = new IndexView(book.sortIndex('takerFee'));
  let firstRows: BookOrder[] = [];
  const firstPage = timed(() => {
    firstRows = view.slice(view.size - 1, -1, 21);
  });
  const last = firstRows[19];
  const cursorPage = last
    ? timed(() =>
        view.sliceFrom(
          SORT_ORDERINGS.takerFee.probe(String(last.takerFee), last.createdAt, last.hash),
          -1,
          21,
        ),
      )
    : 0;
  const pairs = [...book.pairs.values()].sort((a, b) => b.size - a.size);
  const largest = pairs[0];
  const pairPage = largest ? timed(() => new IndexView(largest.sortIndex('makerFee')).slice(0, 1, 21)) : 0;
  const marketPage = largest ? timed(() => new IndexView(largest.bookIndex()).slice(0, 1, 101)) : 0;
  const wholeSort = timed(() => book.sortIndex('makerFee').walk(0, 1, () => false));
  // The rest as the read model's background builds it: a slice per turn of the event loop.
  const c4 = process.cpuUsage();
  const t4 = performance.now();
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  let slices = 0;
  let longest = 0;
  // The process's CPU time in the slice (GC threads included): on a loaded machine a slice's wall time
  // includes the time the OS gave other processes.
  let longestCpu = 0;
  const sliceMs: number[] = [];
  await new Promise<void>((resolve) => {
    const step = () => {
      const began = performance.now();
      const cpuBegan = process.cpuUsage();
      const more = book.buildNext(BACKGROUND_SLICE_MS);
      const cpuUsed = process.cpuUsage(cpuBegan);
      slices++;
      const took = performance.now() - began;
      sliceMs.push(took);
      longest = Math.max(longest, took);
      longestCpu = Math.max(longestCpu, (cpuUsed.user + cpuUsed.system) / 1000);
      if (more) setImmediate(step);
      else resolve();
    };
    setImmediate(step);
  });
  delay.disable();
  const t5 = performance.now();
  const c5 = process.cpuUsage();
  const f = (ms: number) => ms.toFixed(1);
  console.log(
    `  unbuilt: first page (takerFee desc) ${f(firstPage)} ms, its next page by cursor ${f(cursorPage)} ms, largest pair's (${largest?.size} orders of ${pairs.length} pairs) first page ${f(pairPage)} ms, its market side ${f(marketPage)} ms; one sort of the book built at once ${f(wholeSort)} ms`,
  );
  console.log(
    `  background: ${(t5 - t4).toFixed(0)} ms (${cpu(c4, c5)} ms CPU) in ${slices} slices of ${BACKGROUND_SLICE_MS} ms: p99 ${f(sliceMs.sort((a, b) => a - b)[Math.floor(sliceMs.length * 0.99)] ?? 0)} ms, longest ${f(longest)} ms (${f(longestCpu)} ms CPU); event loop delay max ${f(delay.max / 1e6)} ms, p99 ${f(delay.percentile(99) / 1e6)} ms`,
  );
  const m1 = mem();
  console.log(
    `run ${run + 1}: ${read} rows: read ${(t1 - t0).toFixed(0)} ms, orders ${(t2 - t1).toFixed(0)} ms, load ${(t3 - t2).toFixed(0)} ms, total ${(t3 - t0).toFixed(0)} ms; CPU read ${cpu(c0, c1)} orders ${cpu(c1, c2)} load ${cpu(c2, c3)} total ${cpu(c0, c3)} ms; heap +${MiB(m1.heapUsed - m0.heapUsed)} MiB (${((m1.heapUsed - m0.heapUsed) / read).toFixed(0)} B/order), rss ${MiB(m1.rss)} MiB (+${MiB(m1.rss - m0.rss)}); load ${loadAverage()}`,
  );
  if (book.size !== read) throw new Error('size');
}
await db.close();
