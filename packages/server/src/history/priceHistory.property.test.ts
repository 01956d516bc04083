import {
  CANDLE_INTERVAL_SECONDS,
  type Candle,
  type CandleInterval,
  formatTradePrice,
  type Hex,
  TICKER_WINDOW_SECONDS,
  type TradeRecord,
} from '@relayer/protocol';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { TOKEN_A, TOKEN_B, TOKEN_C } from '../../test/helpers/fakeAddresses.js';
import { fakeHash } from '../../test/helpers/fakeOrders.js';
import { fakeTrade, insertTrades } from '../../test/helpers/fakeTrades.js';
import { openTestDatabase } from '../../test/helpers/openTestDatabase.js';
import { TEST_SEED } from '../../test/helpers/testSeed.js';
import type { Database } from '../db/Database.js';
import { removeTradesAbove } from '../trades/recordTrades.js';
import { candleRange } from './candleRange.js';
import { computeTicker } from './computeTicker.js';
import { listCandles } from './listCandles.js';

/**
 * Random trades of one market in both directions (and of another market, which must not count), over
 * random blocks and block times: the candles and the ticker equal a direct computation from the trades,
 * before and after a re-org deletes the trades above a block as the watcher's rewind does.
 */
const MARKET = { base: TOKEN_A, quote: TOKEN_B, baseDecimals: 18, quoteDecimals: 6 };
const T0 = 1_700_000_000;
const NO_OFFERS = { bid: null, ask: null };
let db: Database;

beforeAll(async () => {
  console.log(`price history property: seed ${TEST_SEED} (replay with FC_SEED=${TEST_SEED})`);
  db = await openTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

type Drawn = typeof history extends fc.Arbitrary<infer T> ? T : never;

interface Side {
  baseAmount: bigint;
  quoteAmount: bigint;
  blockNumber: number;
  logIndex: number;
  timestamp: number;
}

const amount = fc.bigInt({ min: 1n, max: 10n ** 24n });
const history = fc
  .record({
    // Seconds between consecutive blocks: block times never go back, several blocks may share a minute.
    gaps: fc.array(fc.integer({ min: 0, max: 2400 }), { minLength: 40, maxLength: 40 }),
    trades: fc.uniqueArray(
      fc.record({
        blockNumber: fc.integer({ min: 1, max: 40 }),
        logIndex: fc.integer({ min: 0, max: 4 }),
        baseIsMaker: fc.boolean(),
        otherMarket: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
        base: amount,
        quote: amount,
      }),
      { minLength: 1, maxLength: 30, selector: (t) => `${t.blockNumber}:${t.logIndex}` },
    ),
    interval: fc.constantFrom<CandleInterval>('1m', '5m', '1h', '1d'),
    cut: fc.integer({ min: 0, max: 40 }),
    atAfterLast: fc.integer({ min: 0, max: 2 * TICKER_WINDOW_SECONDS }),
  })
  .map((drawn) => {
    const times: number[] = [];
    for (const gap of drawn.gaps) times.push((times.at(-1) ?? T0) + gap);
    return { ...drawn, times };
  });

function toRecords(drawn: Drawn, network: string) {
  return drawn.trades.map((t, i): TradeRecord => {
    const [makerToken, takerToken] = t.otherMarket
      ? [TOKEN_C, TOKEN_B]
      : t.baseIsMaker
        ? [MARKET.base, MARKET.quote]
        : [MARKET.quote, MARKET.base];
    return fakeTrade({
      blockNumber: t.blockNumber,
      logIndex: t.logIndex,
      blockHash: fakeHash(`${network} block ${t.blockNumber}`) as Hex,
      timestamp: drawn.times[t.blockNumber - 1] as number,
      orderHash: fakeHash(`${network} order ${i}`) as Hex,
      makerTokenAddress: makerToken,
      takerTokenAddress: takerToken,
      filledMakerTokenAmount: String(t.baseIsMaker ? t.base : t.quote),
      filledTakerTokenAmount: String(t.baseIsMaker ? t.quote : t.base),
    });
  });
}

/** The market's trades as base and quote amounts, whichever side was the maker, oldest first. */
function marketSides(trades: readonly TradeRecord[]): Side[] {
  return trades
    .filter((t) =>
      [t.makerTokenAddress, t.takerTokenAddress].every((a) => a === MARKET.base || a === MARKET.quote),
    )
    .map((t) => {
      const baseIsMaker = t.makerTokenAddress === MARKET.base;
      const maker = BigInt(t.filledMakerTokenAmount);
      const taker = BigInt(t.filledTakerTokenAmount);
      return {
        baseAmount: baseIsMaker ? maker : taker,
        quoteAmount: baseIsMaker ? taker : maker,
        blockNumber: t.blockNumber,
        logIndex: t.logIndex,
        timestamp: t.timestamp,
      };
    })
    .sort((a, b) => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex);
}

const price = (side: Side) => formatTradePrice({ ...MARKET, ...side });
/** Whether a's quote per base is above b's, by cross-multiplying. */
const above = (a: Side, b: Side) => a.quoteAmount * b.baseAmount > b.quoteAmount * a.baseAmount;
/** The side with the highest (sign 1) or lowest (-1) price; the first of equals. */
const extreme = (sides: Side[], sign: 1 | -1) =>
  sides.reduce((best, s) => ((sign === 1 ? above(s, best) : above(best, s)) ? s : best));
const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n).toString();

function expectedCandles(sides: Side[], seconds: number, from: number, to: number): Candle[] {
  const buckets = new Map<number, Side[]>();
  for (const side of sides) {
    const start = side.timestamp - (side.timestamp % seconds);
    if (start < from || start > to) continue;
    buckets.set(start, [...(buckets.get(start) ?? []), side]);
  }
  return [...buckets.entries()]
    .sort(([a], [b]) => a - b)
    .map(([start, group]) => ({
      start,
      open: price(group[0] as Side),
      high: price(extreme(group, 1)),
      low: price(extreme(group, -1)),
      close: price(group.at(-1) as Side),
      baseVolume: sum(group.map((s) => s.baseAmount)),
      quoteVolume: sum(group.map((s) => s.quoteAmount)),
      tradeCount: group.length,
    }));
}

async function check(network: string, trades: TradeRecord[], interval: CandleInterval, at: number) {
  const sides = marketSides(trades);
  // Every candle of the history, page after page.
  const seconds = CANDLE_INTERVAL_SECONDS[interval];
  let range = candleRange({ interval, from: T0, to: at, now: at });
  const candles: Candle[] = [];
  for (;;) {
    candles.push(...(await listCandles(db, network, MARKET, range)));
    if (range.nextFrom === null) break;
    range = candleRange({ interval, from: range.nextFrom, to: at, now: at });
  }
  expect(candles).toEqual(expectedCandles(sides, seconds, T0 - (T0 % seconds), at));
  // Their sums are the market's trades.
  expect(candles.reduce((n, c) => n + c.tradeCount, 0)).toBe(sides.filter((s) => s.timestamp <= at).length);

  const ticker = await computeTicker({ db, network, market: MARKET, at, best: NO_OFFERS });
  const window = sides.filter((s) => s.timestamp > at - TICKER_WINDOW_SECONDS);
  const last = sides.at(-1);
  expect(ticker).toMatchObject({
    last: last ? price(last) : null,
    open: window[0] ? price(window[0]) : null,
    high: window.length > 0 ? price(extreme(window, 1)) : null,
    low: window.length > 0 ? price(extreme(window, -1)) : null,
    baseVolume: sum(window.map((s) => s.baseAmount)),
    quoteVolume: sum(window.map((s) => s.quoteAmount)),
    tradeCount: window.length,
    bestBid: null,
    bestAsk: null,
  });
  expect(ticker.change === null).toBe(window.length === 0);
  return sides.length;
}

test('candles and tickers equal the trades they cover, also after a re-org removes some', async () => {
  let run = 0;
  let removed = 0;
  await fc.assert(
    fc.asyncProperty(history, async (drawn) => {
      const network = `run${run++}`;
      const trades = toRecords(drawn, network);
      await insertTrades(db, network, trades);
      const at = (drawn.times.at(-1) as number) + drawn.atAfterLast;
      await check(network, trades, drawn.interval, at);

      const gone = await removeTradesAbove(db, network, BigInt(drawn.cut));
      const kept = trades.filter((t) => t.blockNumber <= drawn.cut);
      expect(gone).toHaveLength(trades.length - kept.length);
      removed += gone.length;
      await check(network, kept, drawn.interval, at);
    }),
    { seed: TEST_SEED, numRuns: 40 },
  );
  // The re-orgs did take trades away.
  expect(removed).toBeGreaterThan(0);
});
