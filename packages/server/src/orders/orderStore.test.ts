import { type OrderQuery, type OrderRecord, orderQuerySchema, orderSortFields } from '@relayer/protocol';
import { beforeAll, describe, expect } from 'vitest';
import { MAKER_1, MAKER_2, TOKEN_A, TOKEN_B, TOKEN_C } from '../../test/helpers/fakeAddresses.js';
import { type FakeOrder, insertFakeOrders } from '../../test/helpers/fakeOrders.js';
import { insertTokens } from '../../test/helpers/offlineApp.js';
import { engineTest, openMigrated, storageEngines } from '../../test/helpers/storageEngines.js';
import type { Database } from '../db/Database.js';
import { findSraOrders } from './findSraOrders.js';
import { listOrders } from './listOrders.js';
import type { SortInputs } from './orderSortKey.js';
import { queryOrderbook } from './queryOrderbook.js';

const engines = storageEngines();
const SYMBOLS = ['ZRX', 'WETH', 'MKR', 'DGD', 'REP'];
/** The tokens' decimals (C has 0: its amounts are whole units) and USD prices × 10^24 (C has none). */
const DECIMALS: Record<string, number> = { [TOKEN_A]: 18, [TOKEN_B]: 6, [TOKEN_C]: 0 };
const USD_E24: Record<string, bigint> = { [TOKEN_A]: 1500n * 10n ** 24n, [TOKEN_B]: 10n ** 24n / 3n };
// Token C's decimals are left out of the inputs: the key falls back to the tokens table for it.
const sortInputs: SortInputs = {
  prices: JSON.stringify(Object.fromEntries(Object.entries(USD_E24).map(([a, p]) => [a, p.toString()]))),
  decimals: JSON.stringify({ [TOKEN_A]: DECIMALS[TOKEN_A], [TOKEN_B]: DECIMALS[TOKEN_B] }),
  version: 1,
};

/** 47 open orders with varied (and partly equal) sort keys, plus closed ones and another network's. */
function book(): FakeOrder[] {
  const orders: FakeOrder[] = [];
  for (let i = 0; i < 47; i++) {
    orders.push({
      maker: i % 3 === 0 ? MAKER_2 : MAKER_1,
      makerToken: i % 4 === 0 ? TOKEN_C : TOKEN_A,
      takerToken: TOKEN_B,
      makerSymbol: SYMBOLS[i % 5],
      takerSymbol: SYMBOLS[(i + 2) % 5],
      makerFee: String((i * 7) % 5),
      takerFee: String(10n ** 30n * BigInt(i % 4)),
      makerTokenAmount: String(1000 + ((i * 37) % 50)),
      takerTokenAmount: String(500 + ((i * 11) % 20)),
      expiration: String(1_900_000_000 + (i % 6)),
      createdAt: 1_700_000_000_000 + ((i * 13) % 47),
    });
  }
  orders.push({ state: 'filled' }, { state: 'unfunded', makerFee: '0' });
  return orders;
}

const query = (overrides: Partial<Record<keyof OrderQuery, unknown>> = {}): OrderQuery =>
  orderQuerySchema.parse(overrides);

describe.each(engines)('$name order store', (engine) => {
  const it = engineTest(engine);
  let db: Database;
  let all: OrderRecord[];

  beforeAll(async () => {
    if (!engine.available) return;
    db = await openMigrated(engine);
    await insertTokens(
      db,
      'main',
      Object.entries(DECIMALS).map(([address, decimals], i) => ({
        address,
        name: `Token ${i}`,
        symbol: `T${i}`,
        decimals,
      })),
    );
    await insertFakeOrders(db, 'main', book());
    await insertFakeOrders(db, 'kovan', [{}, {}]);
    all = (await listOrders(db, 'main', query({ per_page: 100 }))).orders;
  });

  it('lists open orders of the network only, 5 per page by makerFee ascending, with the total', async () => {
    const page = await listOrders(db, 'main', query());
    expect(page.total).toBe(47);
    expect(page).toMatchObject({ page: 1, perPage: 5, sort: 'makerFee', direction: 'asc', prevCursor: null });
    expect(page.orders).toHaveLength(5);
    expect(page.orders.every((o) => o.state === 'open')).toBe(true);
    const fees = page.orders.map((o) => Number(o.makerFee));
    expect(fees).toEqual([...fees].sort((a, b) => a - b));
    expect(fees[0]).toBe(0);
  });

  it.each(
    orderSortFields.flatMap((sort) => [
      { sort, direction: 'asc' },
      { sort, direction: 'desc' },
    ]),
  )(
    'sorts by $sort $direction with the receive time, then the hash breaking ties, and cursors walk every page',
    async ({ sort, direction }) => {
      const decimals = (token: string) => DECIMALS[token] ?? 0;
      // Human amounts compared exactly as amount × 10^(36 - decimals); prices as the server's integers,
      // unpriced orders after every priced one in either direction.
      const human = (amount: string, token: string) => BigInt(amount) * 10n ** BigInt(36 - decimals(token));
      const unpriced = direction === 'asc' ? 10n ** 77n : 0n;
      const asking = (o: OrderRecord) => {
        const usd = USD_E24[o.takerTokenAddress];
        if (usd === undefined) return unpriced;
        const quotient =
          (usd * BigInt(o.takerTokenAmount) * 10n ** BigInt(decimals(o.makerTokenAddress))) /
          (BigInt(o.makerTokenAmount) * 10n ** BigInt(decimals(o.takerTokenAddress)));
        return (quotient < 10n ** 75n ? quotient : 10n ** 75n) + 1n;
      };
      const key = (o: OrderRecord): string | bigint =>
        ({
          makerFee: BigInt(o.makerFee),
          takerFee: BigInt(o.takerFee),
          makerTokenAmount: BigInt(o.makerTokenAmount),
          takerTokenAmount: BigInt(o.takerTokenAmount),
          makerToken: symbolOf(o, 'maker'),
          takerToken: symbolOf(o, 'taker'),
          expirationUnixTimestampSec: BigInt(o.expirationUnixTimestampSec),
          createdAt: BigInt(o.createdAt),
          makerAmount: human(o.makerTokenAmount, o.makerTokenAddress),
          takerAmount: human(o.takerTokenAmount, o.takerTokenAddress),
          marketPrice:
            USD_E24[o.makerTokenAddress] === undefined ? unpriced : (USD_E24[o.makerTokenAddress] ?? 0n) + 1n,
          askingPrice: asking(o),
        })[sort];
      const sign = direction === 'asc' ? 1 : -1;
      const expected = [...all].sort((a, b) => {
        const ka = key(a);
        const kb = key(b);
        if (ka !== kb) return (ka < kb ? -1 : 1) * sign;
        if (a.createdAt !== b.createdAt) return (a.createdAt < b.createdAt ? -1 : 1) * sign;
        return (a.orderHash < b.orderHash ? -1 : 1) * sign;
      });
      const walked: string[] = [];
      let page = await listOrders(db, 'main', query({ sort, direction, per_page: 10 }), { sortInputs });
      const offsetPages: string[] = [];
      for (let n = 1; n <= 5; n++) {
        const byOffset = await listOrders(db, 'main', query({ sort, direction, per_page: 10, page: n }), {
          sortInputs,
        });
        offsetPages.push(...byOffset.orders.map((o) => o.orderHash));
      }
      for (;;) {
        walked.push(...page.orders.map((o) => o.orderHash));
        if (!page.nextCursor) break;
        page = await listOrders(
          db,
          'main',
          query({ sort, direction, per_page: 10, cursor: page.nextCursor }),
          { sortInputs },
        );
      }
      expect(page.page).toBe(5);
      expect(walked).toEqual(expected.map((o) => o.orderHash));
      expect(offsetPages).toEqual(walked);
    },
  );

  it('goes back with prevCursor to the same pages', async () => {
    const first = await listOrders(db, 'main', query({ sort: 'takerFee', per_page: 7 }));
    const second = await listOrders(
      db,
      'main',
      query({ sort: 'takerFee', per_page: 7, cursor: first.nextCursor }),
    );
    const third = await listOrders(
      db,
      'main',
      query({ sort: 'takerFee', per_page: 7, cursor: second.nextCursor }),
    );
    const backToSecond = await listOrders(
      db,
      'main',
      query({ sort: 'takerFee', per_page: 7, cursor: third.prevCursor }),
    );
    expect(backToSecond.page).toBe(2);
    expect(backToSecond.orders.map((o) => o.orderHash)).toEqual(second.orders.map((o) => o.orderHash));
    const backToFirst = await listOrders(
      db,
      'main',
      query({ sort: 'takerFee', per_page: 7, cursor: backToSecond.prevCursor }),
    );
    expect(backToFirst.page).toBe(1);
    expect(backToFirst.prevCursor).toBeNull();
    expect(backToFirst.orders.map((o) => o.orderHash)).toEqual(first.orders.map((o) => o.orderHash));
  });

  it('filters by maker token, taker token, either token, maker and state, with matching totals', async () => {
    const count = (predicate: (o: OrderRecord) => boolean) => all.filter(predicate).length;
    const cases: [Partial<Record<keyof OrderQuery, unknown>>, number][] = [
      [{ makerTokenAddress: TOKEN_C }, count((o) => o.makerTokenAddress === TOKEN_C)],
      [{ takerTokenAddress: TOKEN_B }, 47],
      [
        { tokenAddress: TOKEN_C },
        count((o) => o.makerTokenAddress === TOKEN_C || o.takerTokenAddress === TOKEN_C),
      ],
      [{ maker: MAKER_2 }, count((o) => o.maker === MAKER_2)],
      [
        { maker: MAKER_2, makerTokenAddress: TOKEN_A },
        count((o) => o.maker === MAKER_2 && o.makerTokenAddress === TOKEN_A),
      ],
      [{ state: 'filled' }, 1],
      [{ makerTokenAddress: TOKEN_B }, 0],
    ];
    for (const [filters, expected] of cases) {
      const page = await listOrders(db, 'main', query({ ...filters, per_page: 100 }));
      expect(page.total, JSON.stringify(filters)).toBe(expected);
      expect(page.orders).toHaveLength(expected);
    }
    expect(cases[0]?.[1]).toBeGreaterThan(0);
  });

  it('shows remaining amounts of partly filled orders', async () => {
    const [hash] = await insertFakeOrders(db, 'partial', [
      { makerTokenAmount: '3000', takerTokenAmount: '1000', filledTaker: '250', cancelledTaker: '100' },
    ]);
    const page = await listOrders(db, 'partial', query());
    expect(page.orders[0]).toMatchObject({
      orderHash: hash,
      filledTakerTokenAmount: '250',
      cancelledTakerTokenAmount: '100',
      remainingTakerTokenAmount: '650',
      remainingMakerTokenAmount: '1950',
    });
  });

  it('refuses a damaged cursor and one from another sort order', async () => {
    const page = await listOrders(db, 'main', query());
    await expect(listOrders(db, 'main', query({ cursor: 'garbage' }))).rejects.toMatchObject({
      field: 'cursor',
    });
    await expect(
      listOrders(db, 'main', query({ sort: 'takerFee', cursor: page.nextCursor })),
    ).rejects.toMatchObject({
      code: 'INCORRECT_FORMAT',
    });
  });

  it('builds the SRA book: bids best price first, asks best price first, fees then expiry break ties', async () => {
    await insertFakeOrders(db, 'book', [
      // asks sell A (base) for B (quote): price = taker / maker
      {
        makerToken: TOKEN_A,
        takerToken: TOKEN_B,
        makerTokenAmount: '100',
        takerTokenAmount: '300',
        hash: h(1),
      },
      {
        makerToken: TOKEN_A,
        takerToken: TOKEN_B,
        makerTokenAmount: '100',
        takerTokenAmount: '200',
        makerFee: '5',
        hash: h(2),
      },
      {
        makerToken: TOKEN_A,
        takerToken: TOKEN_B,
        makerTokenAmount: '200',
        takerTokenAmount: '400',
        makerFee: '1',
        hash: h(3),
      },
      {
        makerToken: TOKEN_A,
        takerToken: TOKEN_B,
        makerTokenAmount: '50',
        takerTokenAmount: '100',
        makerFee: '1',
        expiration: '1900000000',
        hash: h(4),
      },
      // bids buy A with B: price = maker / taker
      {
        makerToken: TOKEN_B,
        takerToken: TOKEN_A,
        makerTokenAmount: '150',
        takerTokenAmount: '100',
        hash: h(5),
      },
      {
        makerToken: TOKEN_B,
        takerToken: TOKEN_A,
        makerTokenAmount: '190',
        takerTokenAmount: '100',
        hash: h(6),
      },
      {
        makerToken: TOKEN_B,
        takerToken: TOKEN_A,
        makerTokenAmount: '380',
        takerTokenAmount: '200',
        takerFee: '1',
        hash: h(7),
      },
      // not this pair, or not open
      { makerToken: TOKEN_C, takerToken: TOKEN_B, hash: h(8) },
      { makerToken: TOKEN_A, takerToken: TOKEN_B, state: 'cancelled', hash: h(9) },
    ]);
    const { bids, asks } = await queryOrderbook(
      db,
      'book',
      TOKEN_A as `0x${string}`,
      TOKEN_B as `0x${string}`,
    );
    expect(asks.map((o) => o.orderHash)).toEqual([h(4), h(3), h(2), h(1)]);
    expect(bids.map((o) => o.orderHash)).toEqual([h(6), h(7), h(5)]);
    const limited = await queryOrderbook(
      db,
      'book',
      TOKEN_A as `0x${string}`,
      TOKEN_B as `0x${string}`,
      2,
      1,
    );
    expect(limited.asks.map((o) => o.orderHash)).toEqual([h(3), h(2)]);
    expect(limited.bids.map((o) => o.orderHash)).toEqual([h(7), h(5)]);
  });

  it('finds SRA orders by every filter, price-sorted when both tokens are given', async () => {
    const found = (filters: Parameters<typeof findSraOrders>[2]) =>
      findSraOrders(db, 'main', filters, 1, 100);
    expect((await found({})).total).toBe(47);
    expect((await found({ maker: MAKER_2 })).total).toBe(all.filter((o) => o.maker === MAKER_2).length);
    expect((await found({ trader: MAKER_2 })).total).toBe(all.filter((o) => o.maker === MAKER_2).length);
    expect((await found({ taker: MAKER_2 })).total).toBe(0);
    expect((await found({ feeRecipient: `0x${'0'.repeat(40)}` })).total).toBe(47);
    expect((await found({ exchangeContractAddress: `0x${'9'.repeat(40)}` })).total).toBe(0);
    expect((await found({ tokenAddress: TOKEN_C })).total).toBe(
      all.filter((o) => o.makerTokenAddress === TOKEN_C).length,
    );
    const pair = await found({ makerTokenAddress: TOKEN_A, takerTokenAddress: TOKEN_B });
    const prices = pair.orders.map((o) => Number(o.takerTokenAmount) / Number(o.makerTokenAmount));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const paged = await findSraOrders(db, 'main', {}, 2, 20);
    expect(paged.orders).toHaveLength(20);
    expect(paged.total).toBe(47);
  });
});

const h = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

// The fake book stores symbols by position; recover them for the expected order.
function symbolOf(order: OrderRecord, side: 'maker' | 'taker'): string {
  const i = Number(order.salt) - 1;
  return SYMBOLS[(side === 'maker' ? i : i + 2) % 5] ?? '';
}
