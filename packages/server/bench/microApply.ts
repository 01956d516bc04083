/**
 * In-process micro-benchmark of what an accepted order costs after its row is committed (no HTTP, no
 * database): the `added` event acceptance publishes (`acceptedEvent`, `events.publish`), the bus, the
 * read model applying it (a BookOrder made from the record, inserted into every built index), the
 * WebSocket hub with nobody subscribed, and the page cache's invalidations (the bus listener, the read
 * model's onChange and submitOrder's own). Records are shaped like toOrderRow's: 3 makers, the
 * devchain's 8 tokens in presignOrders' pairs (56 pairs), fees 0, an expiry an hour on.
 *
 * The book first holds `--sizes` open orders (added the same way, so every index is built, as in
 * steady state); each round then applies `--orders` more, timed with process.cpuUsage, and removes them
 * again untimed (so every round sees the same book). Prints CPU µs per order, median of rounds, and
 * with `--indexes` the cost of one insert into each index an order enters.
 *
 * `npx tsx bench/microApply.ts [--sizes=2000,100000] [--orders=2000] [--rounds=7] [--indexes]`
 * Profile: `node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/microApply.ts --sizes=100000`
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { OrderRecord } from '@relayer/protocol';
import pino from 'pino';
import type { OrderedIndex } from '../src/book/index/OrderedIndex.js';
import type { BookOrder } from '../src/book/model/BookOrder.js';
import type { NetworkBook } from '../src/book/model/NetworkBook.js';
import type { NetworkConfig } from '../src/config.js';
import { loadAverage } from './stats.js';

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '2000,100000' },
    orders: { type: 'string', default: '2000' },
    rounds: { type: 'string', default: '7' },
    indexes: { type: 'boolean', default: false },
    /**
     * Another checkout's `src` (e.g. the base of an A/B): its modules are loaded too, and each round
     * runs on this one's book then on that one's, so both see the same moment of a busy machine.
     */
    against: { type: 'string' },
  },
});
const sizes = args.sizes.split(',').map(Number);
const perRound = Number(args.orders);
const rounds = Number(args.rounds);

const NETWORK = 'bench';
const NULL_ADDRESS = '0x0000000000000000000000000000000000000000';
const hex = (bytes: number) => `0x${randomBytes(bytes).toString('hex')}`;
const makers = [hex(20), hex(20), hex(20)];
const tokens = Array.from({ length: 8 }, () => hex(20));
const symbols = ['ZRX', 'WETH', 'REP', 'DGD', 'GNT', 'MKR', 'WBTC', 'USDC'];
const exchange = hex(20);

let made = 0;
/** The next accepted order's record and symbols, as toOrderRow and acceptOrder make them. */
function nextRecord(): { record: OrderRecord; maker: string; taker: string } {
  const i = made++;
  const m = i % tokens.length;
  const t = (i + 1 + (Math.floor(i / tokens.length) % (tokens.length - 1))) % tokens.length;
  const makerAmount = String(1_000_000 + i);
  const takerAmount = String(2_000_000 + i);
  const now = Date.now();
  // The hash as acceptance has it: a concatenation.
  const orderHash = `0x${randomBytes(32).toString('hex')}` as `0x${string}`;
  const record: OrderRecord = {
    exchangeContractAddress: exchange as `0x${string}`,
    maker: makers[i % 3] as `0x${string}`,
    taker: NULL_ADDRESS,
    makerTokenAddress: tokens[m] as `0x${string}`,
    takerTokenAddress: tokens[t] as `0x${string}`,
    feeRecipient: NULL_ADDRESS,
    makerTokenAmount: makerAmount,
    takerTokenAmount: takerAmount,
    makerFee: '0',
    takerFee: '0',
    expirationUnixTimestampSec: String(Math.floor(now / 1000) + 3600),
    salt: BigInt(hex(32)).toString(),
    ecSignature: { v: 27, r: hex(32) as `0x${string}`, s: hex(32) as `0x${string}` },
    orderHash,
    state: 'open',
    filledTakerTokenAmount: '0',
    cancelledTakerTokenAmount: '0',
    remainingTakerTokenAmount: takerAmount,
    remainingMakerTokenAmount: makerAmount,
    fillableTakerTokenAmount: takerAmount,
    fillableMakerTokenAmount: makerAmount,
    createdAt: now,
    reason: null,
    shortfalls: [],
  } as OrderRecord;
  return { record, maker: symbols[m] as string, taker: symbols[t] as string };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >>> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};
const cpuMicros = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

/** A module at its path in this layout of src/book, or where an older checkout has it. */
function importEither(path: string, older: string): Promise<Record<string, unknown>> {
  return import(path).catch(() => import(older));
}

/** The modules the measured path is made of, from one checkout's `src`. */
async function modulesOf(src: string) {
  const [bookOrderings, readModel, readBookRows, bookEvents, acceptOrder, bookCache, wsHub] =
    await Promise.all([
      importEither(`${src}/book/sort/bookOrderings.js`, `${src}/book/bookOrderings.js`),
      importEither(`${src}/book/sync/createReadModel.js`, `${src}/book/createReadModel.js`),
      importEither(`${src}/book/store/orderFromRecord.js`, `${src}/book/readBookRows.js`),
      import(`${src}/events/BookEvents.js`),
      import(`${src}/orders/acceptOrder.js`),
      import(`${src}/orders/createBookCache.js`),
      import(`${src}/ws/createWsHub.js`),
    ]);
  return {
    storedSortFields:
      bookOrderings.storedSortFields as typeof import('../src/book/sort/bookOrderings.js').storedSortFields,
    createReadModel:
      readModel.createReadModel as typeof import('../src/book/sync/createReadModel.js').createReadModel,
    orderFromRecord:
      readBookRows.orderFromRecord as typeof import('../src/book/store/orderFromRecord.js').orderFromRecord,
    BookEvents: bookEvents.BookEvents as typeof import('../src/events/BookEvents.js').BookEvents,
    isAnnounced: bookEvents.isAnnounced as typeof import('../src/events/BookEvents.js').isAnnounced,
    acceptedEvent: acceptOrder.acceptedEvent as typeof import('../src/orders/acceptOrder.js').acceptedEvent,
    createBookCache:
      bookCache.createBookCache as typeof import('../src/orders/createBookCache.js').createBookCache,
    createWsHub: wsHub.createWsHub as typeof import('../src/ws/createWsHub.js').createWsHub,
  };
}
type Modules = Awaited<ReturnType<typeof modulesOf>>;

/** A read model of `size` open orders wired as the relayer wires it, and what applies one accepted order. */
async function setUp(modules: Modules, size: number) {
  const { createReadModel, BookEvents, isAnnounced, acceptedEvent, createBookCache, createWsHub } = modules;
  const log = pino({ level: 'silent' });
  const events = new BookEvents();
  // No rows: the model starts empty and is filled by events below.
  const db = {
    kind: 'postgres' as const,
    query: async () => [{ rows: null }],
    transaction: async () => {
      throw new Error('not used');
    },
  };
  const model = createReadModel({
    db: db as never,
    events,
    networks: [NETWORK],
    log,
  });
  await model.start();
  // As the relayer does once it serves: every index built (an empty start builds them at once).
  model.indexInBackground();
  await model.indexed(NETWORK);
  const cache = createBookCache();
  // As buildApp (the read model's change signal drops the pages) and websocketRoute wire them.
  model.onChange((network) => cache.invalidate(network));
  const hub = createWsHub({ db: db as never, network: { key: NETWORK } as NetworkConfig, log });
  events.subscribe((event) => {
    if (!isAnnounced(event)) return;
    try {
      hub.dispatch(event);
    } catch {}
  });

  const accept = ({ record, maker, taker }: ReturnType<typeof nextRecord>) => {
    events.publish(acceptedEvent(NETWORK, record, 'inserted', { maker, taker })).catch(() => {});
    return record.orderHash;
  };
  const remove = (hash: string) =>
    events.publish({
      type: 'removed',
      network: NETWORK,
      orderHash: hash,
      state: 'cancelled',
      makerTokenAddress: NULL_ADDRESS,
      takerTokenAddress: NULL_ADDRESS,
      version: 2,
    });

  for (let i = 0; i < size; i++) accept(nextRecord());
  const book = model.bookNow(NETWORK) as NetworkBook;
  if (book.size !== size) throw new Error(`book holds ${book.size}, not ${size}`);

  /** One round: `records` applied (timed), then removed (untimed); CPU µs per order. */
  const round = async (records: ReturnType<typeof nextRecord>[]): Promise<number> => {
    const hashes: string[] = new Array(records.length);
    const before = cpuMicros();
    for (let i = 0; i < records.length; i++) hashes[i] = accept(records[i] as ReturnType<typeof nextRecord>);
    const perOrder = (cpuMicros() - before) / records.length;
    if (book.size !== size + records.length) throw new Error('orders were not applied');
    for (const hash of hashes) await remove(hash);
    return perOrder;
  };
  const close = () => {
    hub.close();
    model.stop();
  };
  return { book, round, close };
}

const line = (perOrder: number[]) =>
  `${median(perOrder).toFixed(1)} µs CPU/order (median of ${rounds} rounds of ${perRound}; min ${Math.min(...perOrder).toFixed(1)}; rounds ${perOrder.map((v) => v.toFixed(1)).join(' ')})`;

async function run(size: number): Promise<void> {
  const modules = await modulesOf(new URL('../src', import.meta.url).pathname);
  const { book, round, close } = await setUp(modules, size);
  const other = args.against ? await setUp(await modulesOf(args.against), size) : undefined;
  const perOrder: number[] = [];
  const otherPerOrder: number[] = [];
  for (let r = 0; r < rounds; r++) {
    // Made before the timed loop: the records are acceptance's cost, not this part's.
    const records = Array.from({ length: perRound }, nextRecord);
    perOrder.push(await round(records));
    if (other) otherPerOrder.push(await other.round(records.map(() => nextRecord())));
  }
  console.log(`apply at ${size} open orders: ${line(perOrder)}  load ${loadAverage()}`);
  if (other) {
    const saved = perOrder.map((v, i) => (otherPerOrder[i] as number) - v);
    console.log(`  against ${args.against}: ${line(otherPerOrder)}`);
    console.log(`  saved per order, median of paired rounds: ${median(saved).toFixed(1)} µs`);
    other.close();
  }
  const { storedSortFields, orderFromRecord } = modules;

  if (args.indexes) {
    // One insert (and delete) into each index an order enters, alone.
    const { record, maker, taker } = nextRecord();
    const sample = orderFromRecord(book, record, { maker, taker }, 1);
    const pair = book.pair(sample.makerToken, sample.takerToken);
    if (!pair) throw new Error('no pair');
    // A pair's sort-field orders are built when first read (where the checkout does so): that read's cost.
    const firstReads = storedSortFields.map((field) => {
      const before = cpuMicros();
      void pair.sortIndex(field).size;
      return cpuMicros() - before;
    });
    console.log(
      `  first read of each of the pair's ${storedSortFields.length} sorts (${pair.size} orders): ${firstReads.map((v) => (v / 1000).toFixed(2)).join(' ')} ms`,
    );
    const indexes: [string, OrderedIndex<BookOrder>][] = [
      ...storedSortFields.map(
        (field) =>
          [`book.sorts.${field}`, book.sortIndex(field) as OrderedIndex<BookOrder>] as [
            string,
            OrderedIndex<BookOrder>,
          ],
      ),
      ['pair.book', pair.bookIndex() as OrderedIndex<BookOrder>] as [string, OrderedIndex<BookOrder>],
      ['pair.byPrice', pair.priceIndex() as OrderedIndex<BookOrder>] as [string, OrderedIndex<BookOrder>],
      ...storedSortFields.map(
        (field) => [`pair.sorts.${field}`, pair.sortIndex(field)] as [string, OrderedIndex<BookOrder>],
      ),
    ];
    const fresh = Array.from({ length: perRound }, () => {
      const next = nextRecord();
      return orderFromRecord(book, next.record, { maker: next.maker, taker: next.taker }, 1);
    });
    let total = 0;
    for (const [name, index] of indexes) {
      const costs: number[] = [];
      for (let round = 0; round < rounds; round++) {
        const before = cpuMicros();
        for (const order of fresh) index.insert(order);
        costs.push((cpuMicros() - before) / fresh.length);
        for (const order of fresh) index.delete(order);
      }
      total += median(costs);
      console.log(`  insert into ${name} (${index.size}): ${median(costs).toFixed(2)} µs`);
    }
    console.log(`  ${indexes.length} indexes per order, inserts alone ${total.toFixed(1)} µs`);
    const costs: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const records = Array.from({ length: perRound }, nextRecord);
      const before = cpuMicros();
      for (const next of records)
        orderFromRecord(book, next.record, { maker: next.maker, taker: next.taker }, 1);
      costs.push((cpuMicros() - before) / perRound);
    }
    console.log(`  a BookOrder from the record: ${median(costs).toFixed(1)} µs`);
  }
  close();
}

for (const size of sizes) await run(size);
