import { errorResponseSchema, tradeListResponseSchema } from '@relayer/protocol';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAKER_1, TOKEN_A, TOKEN_B, TOKEN_C } from '../../test/helpers/fakeAddresses.js';
import {
  fakeHistory,
  fakeTrade,
  insertTrades,
  newestFirst,
  ORDERS,
  TAKER_1,
} from '../../test/helpers/fakeTrades.js';
import { startOfflineApp } from '../../test/helpers/offlineApp.js';
import { TEST_SEED } from '../../test/helpers/testSeed.js';

/** The query parameters that filter trades one by one (base and quote go as a pair). */
const FILTERS = [
  'orderHash',
  'maker',
  'taker',
  'trader',
  'makerTokenAddress',
  'takerTokenAddress',
  'tokenAddress',
] as const;

let env: Awaited<ReturnType<typeof startOfflineApp>>;
const history = fakeHistory(120);
const get = (url: string) => env.app.inject(url);
const page = async (url: string) => {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(200);
  return tradeListResponseSchema.parse(response.json());
};

beforeAll(async () => {
  env = await startOfflineApp();
  await insertTrades(env.db, 'main', history);
  await insertTrades(env.db, 'kovan', [fakeTrade({ blockNumber: 5000, maker: MAKER_1 })]);
});

afterAll(async () => {
  await env?.close();
});

/** A 400 in the SRA shape naming `field` with validation code `code`. */
function expectRefusal(response: Awaited<ReturnType<typeof get>>, field: string, code: number) {
  expect(response.statusCode, response.body).toBe(400);
  const body = errorResponseSchema.parse(response.json());
  expect(body.code).toBe(100);
  expect(body.validationErrors).toContainEqual(expect.objectContaining({ field, code }));
}

describe('GET /trades', () => {
  test('answers the 50 newest trades of the network with a cursor to the next 50, and the rest after it', async () => {
    const first = await page('/trades');
    expect(first.trades).toEqual(newestFirst(history).slice(0, 50));
    const second = await page(`/trades?cursor=${first.nextCursor}`);
    const third = await page(`/trades?cursor=${second.nextCursor}`);
    expect([...first.trades, ...second.trades, ...third.trades]).toEqual(newestFirst(history));
    expect(third.nextCursor).toBeNull();
    const kovan = await page('/kovan/trades');
    expect(kovan.trades.map((t) => t.blockNumber)).toEqual([5000]);
  });

  test.each([
    ['orderHash', ORDERS[1], (t: (typeof history)[number]) => t.orderHash === ORDERS[1]],
    ['maker', MAKER_1, (t: (typeof history)[number]) => t.maker === MAKER_1],
    ['taker', TAKER_1, (t: (typeof history)[number]) => t.taker === TAKER_1],
    ['trader', TAKER_1, (t: (typeof history)[number]) => t.maker === TAKER_1 || t.taker === TAKER_1],
    ['makerTokenAddress', TOKEN_A, (t: (typeof history)[number]) => t.makerTokenAddress === TOKEN_A],
    ['takerTokenAddress', TOKEN_C, (t: (typeof history)[number]) => t.takerTokenAddress === TOKEN_C],
    [
      'tokenAddress',
      TOKEN_B,
      (t: (typeof history)[number]) => t.makerTokenAddress === TOKEN_B || t.takerTokenAddress === TOKEN_B,
    ],
  ])('filters by %s', async (name, value, predicate) => {
    const expected = newestFirst(history.filter(predicate));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(history.length);
    expect((await page(`/trades?${name}=${value}&per_page=100`)).trades).toEqual(expected);
  });

  test('filters by a market in either direction', async () => {
    const market = (t: (typeof history)[number]) =>
      [t.makerTokenAddress, t.takerTokenAddress].sort().join() === [TOKEN_A, TOKEN_B].join();
    const expected = newestFirst(history.filter(market));
    expect(new Set(expected.map((t) => t.makerTokenAddress))).toEqual(new Set([TOKEN_A, TOKEN_B]));
    const found = await page(`/trades?baseTokenAddress=${TOKEN_B}&quoteTokenAddress=${TOKEN_A}&per_page=100`);
    expect(found.trades).toEqual(expected);
  });

  test.each([
    ['orderHash', '0x1234', 1001],
    ['maker', `0x${'A'.repeat(40)}`, 1002],
    ['taker', 'nobody', 1002],
    ['trader', '', 1002],
    ['makerTokenAddress', `0x${'a'.repeat(39)}`, 1002],
    ['takerTokenAddress', `0x${'g'.repeat(40)}`, 1002],
    ['tokenAddress', `${'a'.repeat(42)}`, 1002],
    ['per_page', '0', 1004],
    ['per_page', '101', 1004],
    ['per_page', '1e2', 1001],
    ['per_page', '-5', 1001],
    ['per_page', '0x10', 1001],
    ['cursor', 'x'.repeat(201), 1004],
  ])('refuses %s=%s with code %i naming the field', async (field, value, code) => {
    expectRefusal(await get(`/trades?${field}=${encodeURIComponent(value)}`), field, code);
  });

  test('refuses half a market, naming the missing side', async () => {
    expectRefusal(await get(`/trades?baseTokenAddress=${TOKEN_A}`), 'quoteTokenAddress', 1000);
    expectRefusal(await get(`/trades?quoteTokenAddress=${TOKEN_A}`), 'baseTokenAddress', 1000);
  });

  test('refuses a repeated parameter', async () => {
    expectRefusal(await get(`/trades?maker=${MAKER_1}&maker=${MAKER_1}`), 'maker', 1002);
  });

  const encoded = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  test.each([
    ['not base64', '!!!'],
    ['base64 of text', Buffer.from('hello').toString('base64url')],
    ['an object', encoded({ blockNumber: 1, logIndex: 0 })],
    ['a string block number', encoded(['10', 0])],
    ['SQL in the block number', encoded(['1); DROP TABLE trades; --', 0])],
    ['a fraction', encoded([1.5, 0])],
    ['a negative block', encoded([-1, 0])],
    ['a block beyond 2^53', encoded([2 ** 60, 0])],
    ['a log index beyond integer', encoded([1, 2 ** 31])],
    ['three parts', encoded([1, 2, 3])],
    ['an order cursor', encoded(['0', `0x${'a'.repeat(64)}`, 2, 'a', 'makerFee', 'asc'])],
    ['padding', `${encoded([1, 0])}==`],
  ])('refuses a forged cursor (%s) with 400 on cursor, never 500', async (_, cursor) => {
    expectRefusal(await get(`/trades?cursor=${encodeURIComponent(cursor)}`), 'cursor', 1001);
  });

  test('a cursor past the oldest trade answers an empty last page', async () => {
    const found = await page(`/trades?cursor=${encoded([0, 0])}`);
    expect(found).toEqual({ trades: [], nextCursor: null });
  });

  test('is in the OpenAPI document with its parameters', async () => {
    const spec = (await get('/docs/json')).json();
    const operation = spec.paths['/trades']?.get;
    expect(operation).toBeDefined();
    const names = operation.parameters.map((p: { name: string }) => p.name);
    for (const name of [...FILTERS, 'baseTokenAddress', 'quoteTokenAddress', 'cursor', 'per_page']) {
      expect(names).toContain(name);
    }
    expect(spec.paths['/kovan/trades']).toBeDefined();
  });

  // Whatever a client sends in any one parameter, the answer is a page or a 400 naming that parameter.
  test('property: any value of any parameter answers 200 or a 400 naming it, never 5xx', async () => {
    const names = [...FILTERS, 'cursor', 'per_page'] as const;
    const near = (valid: string) =>
      fc.oneof(
        fc.constant(valid),
        fc.constant(valid.toUpperCase()),
        fc.constant(valid.slice(0, -1)),
        fc.constant(`${valid}0`),
        fc.constant(` ${valid}`),
      );
    const value = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.string({ unit: 'grapheme', maxLength: 40 }),
      fc.stringMatching(/^0x[0-9a-fA-F]{0,66}$/),
      fc.stringMatching(/^-?[0-9]{0,25}$/),
      near(MAKER_1),
      near(ORDERS[0] as string),
      fc.jsonValue().map((v) => Buffer.from(JSON.stringify(v) ?? '').toString('base64url')),
      fc
        .tuple(fc.oneof(fc.integer(), fc.double(), fc.string()), fc.oneof(fc.integer(), fc.double()))
        .map((v) => Buffer.from(JSON.stringify(v)).toString('base64url')),
    );
    const seed = TEST_SEED;
    console.log(`trades parameters property: seed ${seed}`);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...names), value, async (name, raw) => {
        const response = await get(`/trades?${name}=${encodeURIComponent(raw)}`);
        if (response.statusCode === 200) {
          tradeListResponseSchema.parse(response.json());
          return;
        }
        expect(response.statusCode, `${name}=${raw}: ${response.body}`).toBe(400);
        const body = errorResponseSchema.parse(response.json());
        expect(body.validationErrors?.map((e) => e.field)).toEqual([name]);
      }),
      { seed, numRuns: 400 },
    );
  });

  // Forged cursors: a page for exactly the positions this relayer could have issued, a 400 on cursor for
  // everything else (parts of the wrong type, out of the columns' range, extra or missing parts).
  test('property: a forged cursor is a page when it is a valid position, else a 400 on cursor', async () => {
    const part = fc.oneof(
      fc.integer({ min: -10, max: 10_000 }),
      fc.constantFrom(2 ** 31 - 1, 2 ** 31, Number.MAX_SAFE_INTEGER, 2 ** 53, 2 ** 64, -0),
      fc.double(),
      fc.string({ maxLength: 12 }),
      fc.constantFrom(null, true, [], {}),
    );
    const forged = fc.oneof(
      fc.tuple(part, part),
      fc.array(part, { maxLength: 4 }),
      fc.jsonValue({ maxDepth: 2 }),
    );
    const seed = TEST_SEED;
    console.log(`trades cursor property: seed ${seed}`);
    const valid = (v: unknown) =>
      Array.isArray(v) &&
      v.length === 2 &&
      Number.isSafeInteger(v[0]) &&
      v[0] >= 0 &&
      Number.isInteger(v[1]) &&
      v[1] >= 0 &&
      v[1] < 2 ** 31;
    await fc.assert(
      fc.asyncProperty(forged, async (value) => {
        const cursor = Buffer.from(JSON.stringify(value) ?? '').toString('base64url');
        const response = await get(`/trades?cursor=${cursor}`);
        // JSON has no -0: it travels as 0.
        const sent = JSON.parse(JSON.stringify(value) ?? 'null');
        if (valid(sent)) {
          expect(response.statusCode, response.body).toBe(200);
          const { trades } = tradeListResponseSchema.parse(response.json());
          for (const t of trades) {
            expect(t.blockNumber < sent[0] || (t.blockNumber === sent[0] && t.logIndex < sent[1])).toBe(true);
          }
        } else {
          // 1004 when the cursor is longer than any this relayer issues.
          expectRefusal(response, 'cursor', cursor.length > 200 ? 1004 : 1001);
        }
      }),
      { seed, numRuns: 300 },
    );
  });
});
