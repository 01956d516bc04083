import { type OrderQuery, orderQuerySchema, RelayerError } from '@relayer/protocol';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { MAKER_1, MAKER_2, TOKEN_A, TOKEN_B, TOKEN_C } from '../../test/helpers/fakeAddresses.js';
import { fakeHash, insertFakeOrders } from '../../test/helpers/fakeOrders.js';
import { FAKE_TOKENS } from '../../test/helpers/fakeTokens.js';
import { insertTokens } from '../../test/helpers/offlineApp.js';
import { openTestDatabase } from '../../test/helpers/openTestDatabase.js';
import { createReadModel, type ReadModel } from '../book/sync/createReadModel.js';
import type { Database } from '../db/Database.js';
import { BookEvents } from '../events/BookEvents.js';
import { createMemoryOpenBook } from './createMemoryOpenBook.js';
import { createSqlOpenBook } from './createSqlOpenBook.js';
import type { BookAnswer, OpenBook, OpenBookPage } from './OpenBook.js';

/**
 * The port's two implementations on one seeded book: the same query answers the same bytes and total
 * from memory as from the database. Seeded: the seed is printed, and FC_SEED=<seed> replays a run.
 */
const SEED = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
const RUNS = 150;
const TOKEN_D = `0x${'d'.repeat(40)}` as const;
const TOKENS = [TOKEN_A, TOKEN_B, TOKEN_C, TOKEN_D];
const MAKERS = [MAKER_1, MAKER_2, `0x${'3'.repeat(40)}`];
const STATES = ['open', 'open', 'open', 'open', 'filled', 'cancelled', 'expired', 'unfunded'];

let db: Database;
let model: ReadModel;
let memory: OpenBook;
let sql: OpenBook;

const pick = <T>(values: readonly T[]) => fc.constantFrom(...values);
const fakeOrder = fc
  .record({
    maker: pick(MAKERS),
    tokens: fc.tuple(pick(TOKENS), pick(TOKENS)).filter(([a, b]) => a !== b),
    // Few distinct amounts, fees and times, so sort keys tie and the tie-breaks decide.
    makerTokenAmount: fc.integer({ min: 1, max: 6 }).map((n) => String(n * 500)),
    takerTokenAmount: fc.integer({ min: 1, max: 6 }).map((n) => String(n * 300)),
    makerFee: fc.integer({ min: 0, max: 3 }).map(String),
    takerFee: fc.integer({ min: 0, max: 2 }).map(String),
    expiration: fc.integer({ min: 0, max: 4 }).map((n) => String(4_102_444_800 + n * 3600)),
    createdAt: fc.integer({ min: 0, max: 30 }).map((n) => 1_700_000_000_000 + n * 1000),
    state: pick(STATES),
  })
  .map(({ tokens: [makerToken, takerToken], ...order }) => ({ ...order, makerToken, takerToken }));

const address = (values: readonly string[]) => fc.option(pick(values), { nil: undefined });
const orderParams = fc.record(
  {
    sort: pick(orderQuerySchema.shape.sort.unwrap().options),
    direction: pick(['asc', 'desc']),
    per_page: fc.integer({ min: 1, max: 25 }),
    page: fc.integer({ min: 1, max: 4 }),
    makerTokenAddress: address(TOKENS),
    takerTokenAddress: address(TOKENS),
    tokenAddress: address(TOKENS),
    maker: address(MAKERS),
    state: pick(['open', 'open', 'open', 'filled', 'open,unfunded']),
    verified: pick(['all', 'only']),
  },
  { requiredKeys: ['sort', 'direction', 'per_page', 'page', 'state', 'verified'] },
);
const sraParams = fc.record({
  filters: fc.record(
    {
      makerTokenAddress: pick(TOKENS),
      takerTokenAddress: pick(TOKENS),
      tokenAddress: pick(TOKENS),
      maker: pick(MAKERS),
      trader: pick(MAKERS),
    },
    { requiredKeys: [] },
  ),
  page: fc.integer({ min: 1, max: 4 }),
  perPage: fc.integer({ min: 1, max: 30 }),
});
const marketParams = fc.record({
  pair: fc.tuple(pick(TOKENS), pick(TOKENS)).filter(([a, b]) => a !== b),
  page: fc.integer({ min: 1, max: 3 }),
  perPage: fc.integer({ min: 1, max: 20 }),
  records: fc.boolean(),
});

const settle = async <T>(answer: BookAnswer<T>): Promise<T> =>
  typeof answer === 'function' ? (answer as () => Promise<T>)() : answer;
const text = (body: string | Buffer) => (typeof body === 'string' ? body : body.toString('utf8'));
/** A page's text, or the refusal's code and field (a derived sort of history is refused by both). */
const outcome = async (answer: () => BookAnswer<string | Buffer>) => {
  try {
    return text(await settle(answer()));
  } catch (error) {
    if (!(error instanceof RelayerError)) throw error;
    return `refused ${error.code} ${error.field}`;
  }
};

beforeAll(async () => {
  console.log(`OpenBook agreement: seed ${SEED} (replay with FC_SEED=${SEED})`);
  db = await openTestDatabase();
  await insertTokens(db, 'main', [
    ...FAKE_TOKENS,
    { address: TOKEN_D, name: 'Delta', symbol: 'DDD', verified: false },
  ]);
  const symbols: Record<string, string> = {
    [TOKEN_A]: 'AAA',
    [TOKEN_B]: 'BBB',
    [TOKEN_C]: 'CCC',
    [TOKEN_D]: 'DDD',
  };
  const orders = fc.sample(fakeOrder, { seed: SEED, numRuns: 120 }).map((order, i) => ({
    ...order,
    hash: fakeHash(`agreement:${SEED}:${i}`),
    makerSymbol: symbols[order.makerToken] ?? '',
    takerSymbol: symbols[order.takerToken] ?? '',
  }));
  await insertFakeOrders(db, 'main', orders);
  const events = new BookEvents();
  model = createReadModel({ db, events, networks: ['main'], log: { warn() {}, info() {} } });
  await model.start();
  sql = createSqlOpenBook({ db, network: 'main', events });
  memory = createMemoryOpenBook({ model, network: 'main', history: sql });
});
afterAll(async () => {
  model?.stop();
  await db?.close();
});

test('GET /order: every query and the page its next cursor leads to', async () => {
  let compared = 0;
  await fc.assert(
    fc.asyncProperty(orderParams, async (params) => {
      const parsed = orderQuerySchema.safeParse(params);
      if (!parsed.success) return; // a pair filter given alone is refused before any book reads it
      const query: OrderQuery = parsed.data;
      const fromMemory = await outcome(() => memory.orders(query));
      expect(fromMemory).toBe(await outcome(() => sql.orders(query)));
      if (fromMemory.startsWith('refused')) return;
      compared++;
      const next = (JSON.parse(fromMemory) as { nextCursor: string | null }).nextCursor;
      if (next === null) return;
      const following = { ...query, cursor: next };
      expect(await outcome(() => memory.orders(following))).toBe(await outcome(() => sql.orders(following)));
    }),
    { seed: SEED, numRuns: RUNS },
  );
  // The arbitraries reach the book: most queries are valid and compared.
  expect(compared).toBeGreaterThan(RUNS / 2);
});

/** For every drawn `params`, both books' pages have the same body and total; some pages are not empty. */
async function pagesAgree<P>(
  params: fc.Arbitrary<P>,
  read: (book: OpenBook, params: P) => BookAnswer<OpenBookPage>,
): Promise<void> {
  let found = 0;
  await fc.assert(
    fc.asyncProperty(params, async (drawn) => {
      const fromMemory = await settle(read(memory, drawn));
      const fromDatabase = await settle(read(sql, drawn));
      expect(text(fromMemory.body)).toBe(text(fromDatabase.body));
      expect(fromMemory.total).toBe(fromDatabase.total);
      if (fromMemory.total > 0) found++;
    }),
    { seed: SEED, numRuns: RUNS },
  );
  expect(found).toBeGreaterThan(0);
}

test('GET /v0/orders: every filter set, page and total', async () => {
  await pagesAgree(sraParams, (book, { filters, page, perPage }) => book.sraOrders(filters, page, perPage));
});

test('GET /v0/orderbook: both sides of every pair, as SignedOrders and as records', async () => {
  await pagesAgree(marketParams, (book, { pair: [base, quote], page, perPage, records }) =>
    book.market({ base, quote, page, perPage, records }),
  );
});

test('GET /quote: one direction of every pair, best price first, as records', async () => {
  let found = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.tuple(pick(TOKENS), pick(TOKENS)).filter(([a, b]) => a !== b),
      fc.integer({ min: 1, max: 40 }),
      async ([makerToken, takerToken], limit) => {
        const query = { makerToken, takerToken, limit };
        const fromMemory = await settle(memory.pairOrders(query));
        expect(JSON.stringify(fromMemory)).toBe(JSON.stringify(await settle(sql.pairOrders(query))));
        if (fromMemory.length > 0) found++;
      },
    ),
    { seed: SEED, numRuns: RUNS },
  );
  expect(found).toBeGreaterThan(0);
});

test('best offers: the best bid and ask of every pair, either side empty', async () => {
  let found = 0;
  for (const base of TOKENS) {
    for (const quote of TOKENS) {
      if (base === quote) continue;
      const fromMemory = await settle(memory.bestOffers(base, quote));
      expect(fromMemory).toEqual(await settle(sql.bestOffers(base, quote)));
      // The first order of each side of the market's page, as GET /v0/orderbook lists it.
      const page = JSON.parse(
        text((await settle(sql.market({ base, quote, page: 1, perPage: 1, records: true }))).body),
      ) as { bids: { makerTokenAmount: string }[]; asks: { makerTokenAmount: string }[] };
      expect(fromMemory.bid?.makerTokenAmount).toBe(page.bids[0]?.makerTokenAmount);
      expect(fromMemory.ask?.makerTokenAmount).toBe(page.asks[0]?.makerTokenAmount);
      if (fromMemory.bid && fromMemory.ask) found++;
    }
  }
  expect(found).toBeGreaterThan(0);
});
