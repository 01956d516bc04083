import { type TradeQuery, type TradeRecord, tradeQuerySchema } from '@relayer/protocol';
import fc from 'fast-check';
import { beforeAll, describe, expect } from 'vitest';
import { TOKEN_A, TOKEN_B, TOKEN_C } from '../../test/helpers/fakeAddresses.js';
import { fakeHash } from '../../test/helpers/fakeOrders.js';
import {
  fakeHistory,
  fakeTrade,
  insertTrades,
  newestFirst,
  ORDERS,
  TRADE_MAKERS,
  TRADE_TAKERS,
} from '../../test/helpers/fakeTrades.js';
import { engineTest, openMigrated, storageEngines } from '../../test/helpers/storageEngines.js';
import { TEST_SEED } from '../../test/helpers/testSeed.js';
import type { Database, Queryable } from '../db/Database.js';
import { listTrades, TRADE_SCAN_LIMIT } from './listTrades.js';
import { recordTrades, removeTradesAbove } from './recordTrades.js';

const engines = storageEngines();
type Filters = Omit<TradeQuery, 'cursor' | 'per_page'>;

const query = (filters: Filters, perPage: number, cursor?: string | null): TradeQuery =>
  tradeQuerySchema.parse({ ...filters, per_page: String(perPage), ...(cursor ? { cursor } : {}) });

/** The rule every page must agree with, written the obvious way. */
function matches(q: Filters, t: TradeRecord): boolean {
  const { baseTokenAddress: base, quoteTokenAddress: quote } = q;
  return (
    (!q.orderHash || t.orderHash === q.orderHash) &&
    (!q.maker || t.maker === q.maker) &&
    (!q.taker || t.taker === q.taker) &&
    (!q.trader || t.maker === q.trader || t.taker === q.trader) &&
    (!q.makerTokenAddress || t.makerTokenAddress === q.makerTokenAddress) &&
    (!q.takerTokenAddress || t.takerTokenAddress === q.takerTokenAddress) &&
    (!q.tokenAddress || t.makerTokenAddress === q.tokenAddress || t.takerTokenAddress === q.tokenAddress) &&
    (!base ||
      !quote ||
      (t.makerTokenAddress === base && t.takerTokenAddress === quote) ||
      (t.makerTokenAddress === quote && t.takerTokenAddress === base))
  );
}

/** Follows nextCursor to the end; every page within per_page. */
async function walk(db: Queryable, filters: Filters, perPage: number, scanLimit?: number) {
  const seen: TradeRecord[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 10_000; pages++) {
    const page = await listTrades(db, 'main', query(filters, perPage, cursor), { scanLimit });
    expect(page.trades.length).toBeLessThanOrEqual(perPage);
    seen.push(...page.trades);
    cursor = page.nextCursor;
    if (cursor === null) return seen;
  }
  throw new Error('paging did not end');
}

describe.each(engines)('$name trade store', (engine) => {
  const it = engineTest(engine);
  let db: Database;
  const history = fakeHistory(240);

  beforeAll(async () => {
    if (!engine.available) return;
    db = await openMigrated(engine);
    await insertTrades(db, 'main', history);
    await insertTrades(db, 'kovan', [fakeTrade({ blockNumber: 999 })]);
  });

  it('records a trade once: the same position again is left alone, another block there replaces it', async () => {
    const trade = fakeTrade({ blockNumber: 10_000, logIndex: 3, paidTakerFee: '7' });
    expect(await recordTrades(db, 'other', [trade])).toEqual([trade]);
    expect(await recordTrades(db, 'other', [trade])).toEqual([]);
    const reorged = { ...trade, blockHash: fakeHash('another block') as `0x${string}`, paidTakerFee: '8' };
    expect(await recordTrades(db, 'other', [reorged])).toEqual([reorged]);
    const page = await listTrades(db, 'other', query({}, 10));
    expect(page.trades).toEqual([reorged]);
  });

  it('removes the trades above a block, newest first, and only those', async () => {
    const trades = [5, 6, 7].flatMap((blockNumber) =>
      [0, 1].map((logIndex) => fakeTrade({ blockNumber, logIndex })),
    );
    await recordTrades(db, 'reorg', trades);
    const removed = await removeTradesAbove(db, 'reorg', 5n);
    expect(removed.map((t) => [t.blockNumber, t.logIndex])).toEqual([
      [7, 1],
      [7, 0],
      [6, 1],
      [6, 0],
    ]);
    expect((await listTrades(db, 'reorg', query({}, 10))).trades).toEqual(newestFirst(trades.slice(0, 2)));
  });

  it('stores amounts up to 2^256 - 1 exactly and answers every field as it was logged', async () => {
    const max = (2n ** 256n - 1n).toString();
    const trade = fakeTrade({
      blockNumber: 20_000,
      filledMakerTokenAmount: max,
      filledTakerTokenAmount: max,
      paidMakerFee: max,
      paidTakerFee: '1',
    });
    await recordTrades(db, 'big', [trade]);
    expect((await listTrades(db, 'big', query({}, 1))).trades).toEqual([trade]);
  });

  // Any combination of filters, page size and scan limit: walking the cursors yields exactly the
  // matching trades, newest first, each once. Small scan limits force short pages with a cursor.
  it('property: following nextCursor yields exactly the matching trades, newest first', async () => {
    // Each filter a quarter of the time: about two per query, so most queries match something.
    const maybe = <T>(values: readonly T[]) =>
      fc.oneof(
        { arbitrary: fc.constant(undefined), weight: 3 },
        { arbitrary: fc.constantFrom(...values), weight: 1 },
      );
    const tokens = [TOKEN_A, TOKEN_B, TOKEN_C, `0x${'d'.repeat(40)}` as const];
    const accounts = [...new Set([...TRADE_MAKERS, ...TRADE_TAKERS])];
    const filters = fc.record({
      orderHash: maybe([...ORDERS, fakeHash('unknown order') as `0x${string}`]),
      maker: maybe(accounts),
      taker: maybe(accounts),
      trader: maybe(accounts),
      makerTokenAddress: maybe(tokens),
      takerTokenAddress: maybe(tokens),
      tokenAddress: maybe(tokens),
      pair: maybe(tokens.flatMap((a) => tokens.map((b) => [a, b] as const))),
    });
    let nonEmpty = 0;
    const runs = engine.name === 'pglite' ? 150 : 100;
    const seed = TEST_SEED;
    console.log(`trade paging property: seed ${seed}`);
    await fc.assert(
      fc.asyncProperty(
        filters,
        fc.integer({ min: 1, max: 15 }),
        fc.constantFrom(1, 2, 3, 7, 40, TRADE_SCAN_LIMIT),
        async ({ pair, ...rest }, perPage, scanLimit) => {
          const q: Filters = Object.fromEntries(
            Object.entries({
              ...rest,
              baseTokenAddress: pair?.[0],
              quoteTokenAddress: pair?.[1],
            }).filter(([, v]) => v !== undefined),
          );
          const expected = newestFirst(history.filter((t) => matches(q, t)));
          const walked = await walk(db, q, perPage, scanLimit);
          if (expected.length > 0) nonEmpty += 1;
          expect(walked).toEqual(expected);
        },
      ),
      { seed, numRuns: runs, verbose: true },
    );
    // The property is only as good as its cases: most must have trades to page through.
    expect(nonEmpty).toBeGreaterThan(runs / 3);
  }, 120_000);
});
