/**
 * In-process probe of the read model's rebuild (not part of `npm run bench`): `npx tsx bench/rebuildProbe.ts
 * <orders> [dataDir]` (BLOCKS=table blocks per statement) seeds a PGlite (in memory, or on disk in `dataDir`, reused when it already holds the
 * orders), then times reading the rows, making BookOrders and loading the book, then building the indexes
 * load() leaves to be read (the first page's, a pair's, the rest as the background does), and prints memory.
 */
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { NetworkBook } from '../src/book/NetworkBook.js';
import { BLOCKS_PER_CHUNK, type BookRow, orderFromRow, readOpenRows } from '../src/book/readBookRows.js';
import { createPgliteDatabase } from '../src/db/createPgliteDatabase.js';
import { migrate } from '../src/db/migrate.js';
import { seedOrders } from './seedOrders.js';

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
  const rowsAll: BookRow[][] = [];
  let read = 0;
  await readOpenRows(
    db,
    'main',
    (rows) => {
      rowsAll.push(rows);
      read += rows.length;
    },
    Number(process.env.BLOCKS ?? BLOCKS_PER_CHUNK),
  );
  const t1 = performance.now();
  const c1 = process.cpuUsage();
  const book = new NetworkBook();
  const orders = rowsAll.flatMap((rows) => rows.map((row) => orderFromRow(book, row)));
  rowsAll.length = 0;
  const t2 = performance.now();
  const c2 = process.cpuUsage();
  book.load(orders);
  const t3 = performance.now();
  const c3 = process.cpuUsage();
  const cpu = (a: NodeJS.CpuUsage, b: NodeJS.CpuUsage) =>
    ((b.user + b.system - a.user - a.system) / 1000).toFixed(0);
  orders.length = 0;
  // The indexes load() leaves to be built when read: what the first page (one sort of the whole book)
  // and the first request for a pair (one of its sorts, then all ten) cost, then all the rest.
  const timed = (work: () => unknown) => {
    const began = performance.now();
    work();
    return (performance.now() - began).toFixed(1);
  };
  const firstPage = timed(() => book.sorts.takerFee.size);
  const pairs = [...book.pairs.values()].sort((a, b) => b.size - a.size);
  const largest = pairs[0];
  const pairOne = largest ? timed(() => largest.sorts.makerFee.size) : '-';
  const pairAll = largest
    ? timed(() => {
        while (largest.buildNext());
      })
    : '-';
  const c4 = process.cpuUsage();
  const t4 = performance.now();
  let slices = 0;
  let longest = 0;
  for (;;) {
    const began = performance.now();
    if (!book.buildNext()) break;
    slices++;
    longest = Math.max(longest, performance.now() - began);
  }
  const t5 = performance.now();
  const c5 = process.cpuUsage();
  const m1 = mem();
  console.log(
    `  indexes: first page's sort ${firstPage} ms; largest pair (${largest?.size} of ${pairs.length} pairs): one sort ${pairOne} ms, the other nine ${pairAll} ms; the rest ${(t5 - t4).toFixed(0)} ms (${cpu(c4, c5)} ms CPU) in ${slices} slices, longest ${longest.toFixed(1)} ms`,
  );
  console.log(
    `run ${run + 1}: ${read} rows: read ${(t1 - t0).toFixed(0)} ms, orders ${(t2 - t1).toFixed(0)} ms, load ${(t3 - t2).toFixed(0)} ms, total ${(t3 - t0).toFixed(0)} ms; CPU read ${cpu(c0, c1)} orders ${cpu(c1, c2)} load ${cpu(c2, c3)} total ${cpu(c0, c3)} ms; heap +${MiB(m1.heapUsed - m0.heapUsed)} MiB (${((m1.heapUsed - m0.heapUsed) / read).toFixed(0)} B/order), rss ${MiB(m1.rss)} MiB (+${MiB(m1.rss - m0.rss)}); load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  if (book.size !== read) throw new Error('size');
}
await db.close();
