import type { Address, OrderRecord } from '@relayer/protocol';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { orderRecord } from '../test/fixtures';
import { buildLadder } from './buildLadder';
import { formatPrice, priceDecimals } from './formatPrice';

// The ladder against a model written the plain way: each price as a fraction of human amounts
// (quote / 10^quoteDecimals) / (base / 10^baseDecimals), the best order found by scanning what is left,
// depth summed afresh for every row, and a printed price read back as digits / 10^places.

const BASE: Address = `0x${'b'.repeat(40)}`;
const QUOTE: Address = `0x${'c'.repeat(40)}`;
const OTHER: Address = `0x${'d'.repeat(40)}`;
const template = orderRecord();

interface ModelOrder {
  side: 'ask' | 'bid' | 'elsewhere';
  maker: bigint;
  taker: bigint;
  /** Of the taker amount, what is still unfilled. */
  remainingTaker: bigint;
  open: boolean;
  fee: bigint;
  expiry: bigint;
  /** When the relayer received it (ms): ties break on it before the hash. */
  createdAt: number;
  hash: `0x${string}`;
}

const amount = fc.oneof(
  fc.bigInt({ min: 1n, max: 10n ** 30n }),
  // Few distinct values, so equal prices (and the tie rules) come up often.
  fc.constantFrom(1n, 2n, 3n, 6n, 10n ** 18n, 2n * 10n ** 18n, 3n * 10n ** 18n),
);
const modelOrder = fc
  .record({
    side: fc.constantFrom('ask', 'ask', 'bid', 'bid', 'elsewhere'),
    maker: amount,
    taker: amount,
    filledShare: fc.constantFrom(0n, 0n, 1n, 50n, 100n),
    open: fc.constantFrom(true, true, true, false),
    fee: fc.constantFrom(0n, 1n, 5n),
    expiry: fc.constantFrom(100n, 200n),
    createdAt: fc.constantFrom(1_800_000_000_000, 1_800_000_000_001),
    hash: fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }),
  })
  .map(
    (o): ModelOrder => ({
      side: o.side as ModelOrder['side'],
      maker: o.maker,
      taker: o.taker,
      remainingTaker: o.taker - (o.taker * o.filledShare) / 100n,
      open: o.open,
      fee: o.fee,
      expiry: o.expiry,
      createdAt: o.createdAt,
      hash: `0x${o.hash.toString(16).padStart(64, '0')}`,
    }),
  );

function toRecord(o: ModelOrder): OrderRecord {
  const [makerToken, takerToken] =
    o.side === 'ask' ? [BASE, QUOTE] : o.side === 'bid' ? [QUOTE, BASE] : [BASE, OTHER];
  const remainingMaker = (o.maker * o.remainingTaker) / o.taker;
  return {
    ...template,
    makerTokenAddress: makerToken,
    takerTokenAddress: takerToken,
    makerTokenAmount: String(o.maker),
    takerTokenAmount: String(o.taker),
    makerFee: String(o.fee),
    takerFee: '0',
    expirationUnixTimestampSec: String(o.expiry),
    orderHash: o.hash,
    createdAt: o.createdAt,
    state: o.open ? 'open' : 'filled',
    remainingTakerTokenAmount: String(o.remainingTaker),
    remainingMakerTokenAmount: String(remainingMaker),
    fillableTakerTokenAmount: String(o.remainingTaker),
    fillableMakerTokenAmount: String(remainingMaker),
  };
}

type Q = [bigint, bigint];
const less = (a: Q, b: Q) => a[0] * b[1] < b[0] * a[1];
const equal = (a: Q, b: Q) => a[0] * b[1] === b[0] * a[1];

function modelLadder(orders: ModelOrder[], side: 'ask' | 'bid', bd: number, qd: number) {
  const human = (units: bigint, decimals: number): Q => [units, 10n ** BigInt(decimals)];
  const divide = (a: Q, b: Q): Q => [a[0] * b[1], a[1] * b[0]];
  let left = orders
    .filter((o) => o.side === side && o.open)
    .map((o) => {
      const remainingMaker = (o.maker * o.remainingTaker) / o.taker;
      const [quote, base] = side === 'ask' ? [o.taker, o.maker] : [o.maker, o.taker];
      const price = divide(human(quote, qd), human(base, bd));
      return { o, price, amount: side === 'ask' ? remainingMaker : o.remainingTaker };
    })
    .filter((row) => row.amount > 0n);
  const better = (a: (typeof left)[number], b: (typeof left)[number]) => {
    if (!equal(a.price, b.price)) return side === 'ask' ? less(a.price, b.price) : less(b.price, a.price);
    if (a.o.fee !== b.o.fee) return a.o.fee < b.o.fee;
    if (a.o.expiry !== b.o.expiry) return a.o.expiry < b.o.expiry;
    if (a.o.createdAt !== b.o.createdAt) return a.o.createdAt < b.o.createdAt;
    return a.o.hash < b.o.hash;
  };
  const sorted: typeof left = [];
  while (left.length > 0) {
    let best = left[0] as (typeof left)[number];
    for (const row of left) if (better(row, best)) best = row;
    sorted.push(best);
    left = left.filter((row) => row !== best);
  }
  return sorted.map((row, i) => ({
    hash: row.o.hash,
    price: row.price,
    amount: row.amount,
    depth: sorted.slice(0, i + 1).reduce((sum, r) => sum + r.amount, 0n),
  }));
}

/** A printed price read back exactly. */
function readPrice(text: string): Q {
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const value = BigInt(whole + fraction) * (text.startsWith('-') ? -1n : 1n);
  return [value, 10n ** BigInt(fraction.length)];
}

describe('buildLadder against a model (property, seeded)', () => {
  test('each side in price order best first, remaining amounts, cumulative depth, prices rounded against the taker', () => {
    const seed = Number(process.env.FC_SEED ?? 25_11_2026);
    const property = fc.property(
      fc.uniqueArray(modelOrder, { maxLength: 25, selector: (o) => o.hash }),
      fc.integer({ min: 0, max: 18 }),
      fc.integer({ min: 0, max: 18 }),
      (orders, bd, qd) => {
        const records = orders.map(toRecord);
        const ladder = buildLadder(
          { asks: records, bids: records },
          { base: BASE, quote: QUOTE, baseDecimals: bd, quoteDecimals: qd },
        );
        // Each side is handed every order: it keeps its own direction of this pair, open, with something left.
        for (const side of ['ask', 'bid'] as const) {
          const model = modelLadder(orders, side, bd, qd);
          const rows = side === 'ask' ? ladder.asks : ladder.bids;
          if (rows.map((r) => r.order.orderHash).join() !== model.map((m) => m.hash).join()) return false;
          for (const [i, row] of rows.entries()) {
            const m = model[i];
            if (!m || row.amount !== m.amount || row.depth !== m.depth) return false;
            if (!equal([row.price.numerator, row.price.denominator], m.price)) return false;
          }
        }
        // Every printed price keeps its places and errs against the taker by less than one last digit.
        const places = priceDecimals(ladder.bids.at(-1)?.price ?? ladder.asks[0]?.price);
        for (const row of [...ladder.asks, ...ladder.bids]) {
          const exact: Q = [row.price.numerator, row.price.denominator];
          const text = formatPrice(row.price, places, row.side === 'ask' ? 'up' : 'down');
          if ((text.split('.')[1] ?? '').length !== places) return false;
          const shown = readPrice(text);
          const ulp: Q = [1n, 10n ** BigInt(places)];
          const plus = (a: Q, b: Q): Q => [a[0] * b[1] + b[0] * a[1], a[1] * b[1]];
          const minus = (a: Q, b: Q): Q => [a[0] * b[1] - b[0] * a[1], a[1] * b[1]];
          if (row.side === 'ask' && (less(shown, exact) || !less(minus(shown, ulp), exact))) return false;
          if (row.side === 'bid' && (less(exact, shown) || !less(exact, plus(shown, ulp)))) return false;
        }
        const [ask, bid] = [ladder.asks[0], ladder.bids[0]];
        if (ask && bid) {
          const a: Q = [ask.price.numerator, ask.price.denominator];
          const b: Q = [bid.price.numerator, bid.price.denominator];
          const spread = ladder.spread;
          const mid = ladder.mid;
          if (!spread || !mid) return false;
          if (!equal([spread.numerator, spread.denominator], [a[0] * b[1] - b[0] * a[1], a[1] * b[1]]))
            return false;
          if (!equal([mid.numerator * 2n, mid.denominator], [a[0] * b[1] + b[0] * a[1], a[1] * b[1]]))
            return false;
        } else if (ladder.spread || ladder.mid) return false;
        return true;
      },
    );
    const outcome = fc.check(property, { seed, numRuns: 400 });
    if (outcome.failed)
      throw new Error(`seed ${seed}, shrunk counterexample ${fc.stringify(outcome.counterexample)}`);
    expect(outcome.numRuns).toBe(400);
  });

  test('orders tied on price, fees and expiry: the earlier received first, whatever the hashes', () => {
    const tied = (hash: string, createdAt: number): ModelOrder => ({
      side: 'ask',
      maker: 10n,
      taker: 20n,
      remainingTaker: 20n,
      open: true,
      fee: 0n,
      expiry: 100n,
      createdAt,
      hash: `0x${hash.repeat(64)}`,
    });
    // The later one's hash is the lower: hash order alone would put it first.
    const records = [tied('0', 1_800_000_000_002), tied('f', 1_800_000_000_001)].map(toRecord);
    const ladder = buildLadder(
      { asks: records, bids: [] },
      { base: BASE, quote: QUOTE, baseDecimals: 0, quoteDecimals: 0 },
    );
    expect(ladder.asks.map((row) => row.order.createdAt)).toEqual([1_800_000_000_001, 1_800_000_000_002]);
  });
});
