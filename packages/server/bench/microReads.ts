/**
 * In-process micro-benchmark of the read model's miss path (no HTTP, no database): a NetworkBook of
 * `--orders` open orders shaped like the bench's seed, its heap per order, and the CPU of each step of
 * an uncached `GET /order?per_page=21&cursor=…` page (the bench's scenario (b)). For iterating on the
 * read path; the bench (`bench/run.ts`) stays the measure.
 *
 * `node --expose-gc --import tsx bench/microReads.ts [--orders=100000] [--rounds=5] [--per-page=20]`
 * (without --per-page, pages of 21-70 orders)
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { orderQuerySchema } from '@relayer/protocol';
import * as bookOrderJson from '../src/book/json/bookOrderJson.js';
import { NetworkBook } from '../src/book/model/NetworkBook.js';
import { bookPageJson, listBookOrders } from '../src/book/query/listBookOrders.js';
import type { StoredSortField } from '../src/book/sort/bookOrderings.js';
import { createBookCache } from '../src/orders/createBookCache.js';
import { decodeCursor } from '../src/orders/orderCursor.js';
import { parseOrRefuse } from '../src/orders/parseOrRefuse.js';
import { parseCommonOrderQuery } from '../src/routes/commonOrderQuery.js';
import { type BookRow, orderFromRow, readOpenRows } from '../test/helpers/bookRows.js';
import { openTestDatabase } from '../test/helpers/openTestDatabase.js';
import { WALK_SORTS } from './benchReads.js';
import { seedOrders } from './seedOrders.js';

const { values: args } = parseArgs({
  options: {
    orders: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '5' },
    /** Orders per page (the bench's (b) asks for 20); 21-70 when not given. */
    'per-page': { type: 'string' },
    /** Read the rows back from a PGlite seeded as the bench seeds it (as a rebuild does), not made here. */
    pglite: { type: 'boolean', default: false },
    /**
     * Walk this many of probeReads' sorts (makerFee, takerTokenAmount, expirationUnixTimestampSec,
     * createdAt, makerToken), both directions each, for the route's miss path; 1 is makerFee ascending only.
     */
    sorts: { type: 'string', default: '1' },
    /**
     * Load the rows in a random order (as the seed's are not: its creation, expiration and physical
     * order agree), so no sort's neighbours are neighbours in memory.
     */
    shuffle: { type: 'boolean', default: false },
    /** Also the route's whole miss path for each walk (sort and direction) alone. */
    'by-walk': { type: 'boolean', default: false },
    /** Only the route's miss path and its steps (for a CPU profile: `node --cpu-prof …`). */
    'route-only': { type: 'boolean', default: false },
  },
});
const size = Number(args.orders);
const rounds = Number(args.rounds);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const heap = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

const NULL_ADDRESS = '0x0000000000000000000000000000000000000000';
const hex = (bytes: number) => `0x${randomBytes(bytes).toString('hex')}`;
const tokens = Array.from({ length: 5 }, (_, i) => ({ address: hex(20), symbol: `TK${i}` }));
const pairs = tokens.flatMap((m) => tokens.filter((t) => t !== m).map((t) => [m, t] as const));
const makers = Array.from({ length: 200 }, () => hex(20));
const exchange = hex(20);
const now = Date.now();

/** Rows as the seed writes them, but every order on one exchange (as a real book is). */
function rows(): BookRow[] {
  const out: BookRow[] = [];
  for (let i = 0; i < size; i++) {
    const [maker, taker] = pairs[i % pairs.length] as (typeof pairs)[number];
    const makerAmount = (BigInt(1 + ((i * 7919) % 1000)) * 10n ** 17n).toString();
    const takerAmount = (BigInt(1 + ((i * 104_729) % 5000)) * 10n ** 16n).toString();
    const fee = (BigInt(i % 5) * 10n ** 16n).toString();
    const expiration = String(Math.floor(now / 1000) + 86_400 + (i % 100_000));
    out.push([
      hex(32),
      1,
      'open',
      makers[i % makers.length] as string,
      NULL_ADDRESS,
      maker.address,
      taker.address,
      maker.symbol,
      taker.symbol,
      NULL_ADDRESS,
      exchange,
      makerAmount,
      takerAmount,
      fee,
      fee,
      expiration,
      String(i),
      27 + (i % 2),
      hex(32),
      hex(32),
      '0',
      '0',
      takerAmount,
      makerAmount,
      now - size + i,
      '[]',
    ]);
  }
  return out;
}

async function pgliteRows(): Promise<BookRow[]> {
  const db = await openTestDatabase();
  await seedOrders(db, 'bench', size, tokens);
  const out: BookRow[] = [];
  await readOpenRows(db, 'bench', (chunk) => {
    for (const row of chunk) out.push(row);
  });
  await db.close();
  return out;
}

// The rows are kept as one JSON text across both readings (it shares nothing with the book), so the
// difference is the book alone, strings included.
const rowsText = async () => JSON.stringify(args.pglite ? await pgliteRows() : rows());
const text = await rowsText();
const before = heap();
const book = new NetworkBook();
let parsedRows: BookRow[] | undefined = JSON.parse(text) as BookRow[];
if (args.shuffle) {
  for (let i = parsedRows.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [parsedRows[i], parsedRows[j]] = [parsedRows[j] as BookRow, parsedRows[i] as BookRow];
  }
}
const withRows = heap();
book.load(parsedRows.map((row) => orderFromRow(book, row)));
// Every index built, as the read model's background leaves it (this measures the steady state; before
// that a page is a selection over the whole book, see PendingIndex and bench/rebuildProbe.ts).
while (book.buildNext());
const withBook = heap();
parsedRows = undefined;
const after = heap();
console.log(
  `rows ${((withRows - before) / size).toFixed(0)} B, rows+book ${((withBook - before) / size).toFixed(0)} B`,
);
console.log(`${size} orders: heap ${((after - before) / size).toFixed(0)} B/order`);

// The route's encoding of a page of this book.
const pageBytes = (text: string) => bookOrderJson.pageBytes(text, book.texts);
const query = (raw: Record<string, string>) => parseOrRefuse(orderQuerySchema, raw);
// The bench's walk: sort=makerFee asc, 100 a page, its next cursors.
const cursors: string[] = [];
let cursor: string | undefined;
for (let i = 0; i < Math.floor(size / 100) - 10; i++) {
  const q = query({ sort: 'makerFee', direction: 'asc', per_page: '100', ...(cursor ? { cursor } : {}) });
  const page = listBookOrders(book, { ...q, sort: 'makerFee' });
  if (!page.nextCursor) break;
  cursor = page.nextCursor;
  cursors.push(cursor);
}
console.log(`${cursors.length} cursors`);

const time = (name: string, step: (cursor: string, i: number) => unknown) => {
  const figures: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const start = process.cpuUsage();
    for (let i = 0; i < cursors.length; i++) step(cursors[i] as string, r * 1000 + i);
    const used = process.cpuUsage(start);
    figures.push((used.user + used.system) / cursors.length);
  }
  figures.sort((a, b) => a - b);
  console.log(`${name.padEnd(40)} ${(figures[Math.floor(figures.length / 2)] as number).toFixed(1)} µs/page`);
};

let sink = 0;
const perPage = (i: number) => (args['per-page'] ? Number(args['per-page']) : 21 + (i % 50));
const raw = (c: string, i: number) => ({ per_page: String(perPage(i)), cursor: c });
if (!args['route-only']) {
  time('zod parse', (c, i) => {
    sink += query(raw(c, i)).per_page;
  });
  time('zod parse + JSON.stringify key', (c, i) => {
    sink += JSON.stringify(query(raw(c, i))).length;
  });
  time('decodeCursor', (c) => {
    sink += decodeCursor(c, 'makerFee', 'asc').page;
  });
  const parsed = cursors.map((c, i) => ({ ...query(raw(c, i)), sort: 'makerFee' as const }));
  time('listBookOrders (incl. cursors)', (_c, i) => {
    sink += listBookOrders(book, parsed[i % parsed.length] as (typeof parsed)[number]).orders.length;
  });
  const pages = parsed.map((q) => listBookOrders(book, q));
  time('bookPageJson', (_c, i) => {
    sink += bookPageJson(pages[i % pages.length] as (typeof pages)[number]).length;
  });
  time('bookPageJson as bytes (Buffer.from)', (_c, i) => {
    sink += Buffer.from(bookPageJson(pages[i % pages.length] as (typeof pages)[number])).length;
  });
  time('bookPageJson as bytes (pageBytes)', (_c, i) => {
    sink += pageBytes(bookPageJson(pages[i % pages.length] as (typeof pages)[number])).length;
  });
  time('whole miss path (no HTTP)', (c, i) => {
    const q = query(raw(c, i));
    sink += pageBytes(bookPageJson(listBookOrders(book, { ...q, sort: 'makerFee' }))).length;
  });
}

// The route's miss path (orderRoutes' `GET /order` with the read model current), over probeReads'
// walks: `--sorts` sorts, both directions, pages of `--per-page` (20 by default here) by each walk's
// next cursors. The query object is what fastify's query parser hands the route (not measured here).
const routeWalks: { url: string; query: Record<string, string>; walk: string }[] = [];
for (const sort of WALK_SORTS.slice(0, Number(args.sorts))) {
  for (const direction of args.sorts === '1' ? ['asc'] : ['asc', 'desc']) {
    let next: string | undefined;
    for (let i = 0; i < Math.floor(size / 100) - 10; i++) {
      const q = query({ sort, direction, per_page: '100', ...(next ? { cursor: next } : {}) });
      const page = listBookOrders(book, { ...q, sort: q.sort as StoredSortField });
      if (!page.nextCursor) break;
      next = page.nextCursor;
      const routeQuery = { sort, direction, per_page: String(args['per-page'] ?? 20), cursor: next };
      routeWalks.push({
        url: `/order?${new URLSearchParams(routeQuery).toString()}`,
        query: routeQuery,
        walk: `${sort} ${direction}`,
      });
    }
  }
}
// In each walk's order, as the bench asks them (its 20 connections take the paths in order).
const cache = createBookCache();
const timeRoute = (name: string, step: (walk: (typeof routeWalks)[number], i: number) => unknown) => {
  const figures: number[] = [];
  for (let r = 0; r < rounds; r++) {
    // Every page is new to the cache (distinct pages asked once each).
    cache.invalidate('bench');
    const start = process.cpuUsage();
    for (let i = 0; i < routeWalks.length; i++) step(routeWalks[i] as (typeof routeWalks)[number], i);
    const used = process.cpuUsage(start);
    figures.push((used.user + used.system) / routeWalks.length);
  }
  figures.sort((a, b) => a - b);
  console.log(`${name.padEnd(40)} ${(figures[Math.floor(figures.length / 2)] as number).toFixed(1)} µs/page`);
};
const rawKeyOf = (url: string) => {
  const at = url.indexOf('?');
  return `order?${at < 0 ? '' : url.slice(at + 1)}`;
};
const parseRoute = (raw: Record<string, unknown>) =>
  parseCommonOrderQuery(raw) ?? parseOrRefuse(orderQuerySchema, raw);
console.log(`route: ${routeWalks.length} distinct pages (${args.sorts} sorts)`);
const parsedRoute = routeWalks.map((walk) => {
  const q = parseRoute(walk.query);
  return { ...q, sort: q.sort as StoredSortField };
});
const routePages = parsedRoute.map((q) => listBookOrders(book, q));
if (!args['route-only']) {
  timeRoute('route: raw key, peek, admit', (walk) => {
    const key = rawKeyOf(walk.url);
    if (cache.peek('bench', key) === undefined) sink += cache.admit('bench', key) ? 1 : 2;
  });
  timeRoute('route: parseCommonOrderQuery', (walk) => {
    sink += parseRoute(walk.query).per_page;
  });
  timeRoute('route: decodeCursor', (_walk, i) => {
    const q = parsedRoute[i] as (typeof parsedRoute)[number];
    sink += decodeCursor(q.cursor as string, q.sort, q.direction).page;
  });
  timeRoute('route: listBookOrders', (_walk, i) => {
    sink += listBookOrders(book, parsedRoute[i] as (typeof parsedRoute)[number]).orders.length;
  });
  timeRoute('route: bookPageJson', (_walk, i) => {
    sink += bookPageJson(routePages[i] as (typeof routePages)[number]).length;
  });
  timeRoute('route: bookPageJson as bytes', (_walk, i) => {
    sink += pageBytes(bookPageJson(routePages[i] as (typeof routePages)[number])).length;
  });
}
const missPath = (walk: (typeof routeWalks)[number]) => {
  const key = rawKeyOf(walk.url);
  if (cache.peek('bench', key) !== undefined) return;
  const q = parseRoute(walk.query);
  const page = pageBytes(bookPageJson(listBookOrders(book, { ...q, sort: q.sort as StoredSortField })));
  if (cache.admit('bench', key)) cache.set('bench', key, page, cache.generation('bench'));
  sink += page.length;
};
timeRoute('route: whole miss path (no HTTP)', missPath);
if (args['by-walk']) {
  const all = routeWalks.splice(0);
  for (const name of new Set(all.map((w) => w.walk))) {
    routeWalks.push(...all.filter((w) => w.walk === name));
    timeRoute(`route: miss path, ${name} only`, missPath);
    routeWalks.length = 0;
  }
  routeWalks.push(...all);
}
console.log(`(${sink > 0 ? 'ok' : ''})`);
