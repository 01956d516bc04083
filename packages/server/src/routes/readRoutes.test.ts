import {
  errorResponseSchema,
  networkInfoSchema,
  orderListResponseSchema,
  orderRecordSchema,
  signedOrderSchema,
} from '@relayer/protocol';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { MAKER_2, TOKEN_A, TOKEN_B, TOKEN_C } from '../../test/helpers/fakeAddresses.js';
import { insertFakeOrders } from '../../test/helpers/fakeOrders.js';
import { insertTokens, KOVAN, startOfflineApp } from '../../test/helpers/offlineApp.js';

let env: Awaited<ReturnType<typeof startOfflineApp>>;
let hashes: string[];
const get = (url: string) => env.app.inject(url);

beforeAll(async () => {
  env = await startOfflineApp();
  await insertTokens(env.db, 'main', [
    { address: TOKEN_A, name: 'Alpha', symbol: 'AAA' },
    { address: TOKEN_B, name: 'beta', symbol: 'BBB' },
    { address: TOKEN_C, name: 'Gamma', symbol: 'CCC', verified: false },
  ]);
  hashes = await insertFakeOrders(
    env.db,
    'main',
    Array.from({ length: 12 }, (_, i) => ({
      makerFee: String(i % 4),
      maker: i < 3 ? MAKER_2 : undefined,
      makerToken: i % 2 ? TOKEN_A : TOKEN_B,
      takerToken: i % 2 ? TOKEN_B : TOKEN_A,
      makerTokenAmount: String(100 + i),
      takerTokenAmount: String(200 - i),
    })),
  );
  await insertFakeOrders(env.db, 'kovan', [{ makerFee: '9' }]);
  env.resync();
});

afterAll(async () => {
  await env?.close();
});

function expectError(
  response: Awaited<ReturnType<typeof get>>,
  status: number,
  field?: string,
  code?: number,
) {
  expect(response.statusCode, response.body).toBe(status);
  const body = errorResponseSchema.parse(response.json());
  if (field) expect(body.validationErrors).toContainEqual(expect.objectContaining({ field, code }));
  return body;
}

describe('GET /order', () => {
  test('answers the first 5 open orders by makerFee with the total and a next cursor', async () => {
    const page = orderListResponseSchema.parse((await get('/order')).json());
    expect(page).toMatchObject({
      total: 12,
      page: 1,
      perPage: 5,
      sort: 'makerFee',
      direction: 'asc',
      prevCursor: null,
    });
    expect(page.orders.map((o) => o.makerFee)).toEqual(['0', '0', '0', '1', '1']);
    const next = orderListResponseSchema.parse((await get(`/order?cursor=${page.nextCursor}`)).json());
    expect(next.page).toBe(2);
    const byPage = orderListResponseSchema.parse((await get('/order?page=2')).json());
    expect(next.orders.map((o) => o.orderHash)).toEqual(byPage.orders.map((o) => o.orderHash));
  });

  test('sorts, filters and pages on the server', async () => {
    const desc = orderListResponseSchema.parse(
      (await get('/order?sort=makerTokenAmount&direction=desc&per_page=3')).json(),
    );
    expect(desc.orders.map((o) => o.makerTokenAmount)).toEqual(['111', '110', '109']);
    const filtered = orderListResponseSchema.parse(
      (await get(`/order?maker=${MAKER_2}&per_page=100`)).json(),
    );
    expect(filtered.total).toBe(3);
    const pair = orderListResponseSchema.parse(
      (await get(`/order?makerTokenAddress=${TOKEN_A}&takerTokenAddress=${TOKEN_B}`)).json(),
    );
    expect(pair.total).toBe(6);
    expect(orderListResponseSchema.parse((await get(`/order?tokenAddress=${TOKEN_C}`)).json()).total).toBe(0);
  });

  test('refuses bad queries with the field and its SRA code', async () => {
    expectError(await get('/order?per_page=101'), 400, 'per_page', 1004);
    expectError(await get('/order?sort=price'), 400, 'sort', 1006);
    expectError(await get('/order?page=0'), 400, 'page', 1004);
    expectError(await get('/order?maker=0xABC'), 400, 'maker', 1002);
    expectError(await get('/order?cursor=nope'), 400, 'cursor', 1001);
    expectError(await get('/order?state=gone'), 400, 'state', 1006);
  });

  test('a forged or garbled cursor is a 400 naming the cursor, whatever the sort, never a 500', async () => {
    const forge = (tuple: unknown) => Buffer.from(JSON.stringify(tuple)).toString('base64url');
    const hash = `0x${'ab'.repeat(32)}`;
    const forged = [
      // Keys that would fail their column's cast (numeric, bigint) or that text cannot hold.
      ...['abc', '-1', '1e5', '1.5', ' 1', '9'.repeat(79), ''].map((key) => ({ key, sort: 'makerFee' })),
      ...['abc', '9223372036854775808', '-5'].map((key) => ({ key, sort: 'createdAt' })),
      ...['x\u0000y', '\ud800'].map((key) => ({ key, sort: 'makerToken' })),
      { key: 'NaN', sort: 'expirationUnixTimestampSec' },
    ];
    for (const { key, sort } of forged) {
      const cursor = forge([key, '1700000000000', hash, 2, 'a', sort, 'asc']);
      const response = await get(`/order?sort=${sort}&cursor=${cursor}`);
      expectError(response, 400, 'cursor', 1001);
    }
    // A cursor this relayer issued for one sort, sent with another.
    const page = (await get('/order?sort=createdAt&per_page=2')).json();
    expectError(await get(`/order?sort=makerFee&cursor=${page.nextCursor}`), 400, 'cursor', 1001);
    expectError(
      await get(`/order?sort=createdAt&direction=desc&cursor=${page.nextCursor}`),
      400,
      'cursor',
      1001,
    );
    // Garbage that is not base64url JSON at all.
    for (const cursor of ['%FF%FE', 'W10', forge({}), forge([1, 2, 3, 4, 5, 6])]) {
      expectError(await get(`/order?cursor=${cursor}`), 400, 'cursor', 1001);
    }
    // A well-formed key of the right type still works.
    const ok = await get(
      `/order?sort=makerFee&cursor=${forge(['1', '1700000000000', hash, 2, 'a', 'makerFee', 'asc'])}`,
    );
    expect(ok.statusCode).toBe(200);
    // The same cursor in the format issued before ties broke on the receive time: refused, coded.
    const old = await get(`/order?sort=makerFee&cursor=${forge(['1', hash, 2, 'a', 'makerFee', 'asc'])}`);
    expectError(old, 400, 'cursor', 1001);
  });

  test('serves the open book from memory: a row written behind its back shows once an event names it', async () => {
    const total = async () => (await get('/order?per_page=100')).json().total;
    const before = await total();
    const [hash] = await insertFakeOrders(env.db, 'main', [{ makerFee: '50' }]);
    expect(await total()).toBe(before);
    // An event of another network, or about another order, changes nothing here.
    await env.events.publish({ type: 'changed', network: 'kovan', orderHashes: [hash as string] });
    await env.events.publish({
      type: 'removed',
      network: 'main',
      orderHash: `0x${'1'.repeat(64)}`,
      state: 'filled',
      makerTokenAddress: TOKEN_A,
      takerTokenAddress: TOKEN_B,
    });
    expect(await total()).toBe(before);
    // One naming the row (as every writer of the relayer publishes) makes the model read it.
    await env.events.publish({ type: 'changed', network: 'main', orderHashes: [hash as string] });
    expect(await total()).toBe(before + 1);
    expect((await get('/order?sort=makerFee&direction=desc&per_page=1')).json().orders[0].orderHash).toBe(
      hash,
    );
    await env.db.query("DELETE FROM orders WHERE network = 'main' AND maker_fee = 50");
    await env.events.publish({ type: 'changed', network: 'main', orderHashes: [hash as string] });
    expect(await total()).toBe(before);
  });

  test('GET /order/:hash answers the record, 404 when unknown, 400 when not a hash', async () => {
    const hash = hashes[4] ?? '';
    const one = orderRecordSchema.parse((await get(`/order/${hash}`)).json());
    expect(one.orderHash).toBe(hash);
    expect(one.remainingTakerTokenAmount).toBe(one.takerTokenAmount);
    expect(expectError(await get(`/order/0x${'0'.repeat(64)}`), 404).error).toBe('ORDER_NOT_FOUND');
    expectError(await get('/order/0x1234'), 400, 'orderHash', 1005);
  });
});

describe('SRA v0', () => {
  test('GET /v0/orders: plain SignedOrders, every filter, Link header', async () => {
    const response = await get('/v0/orders?per_page=5');
    const orders = z.array(signedOrderSchema.strict()).parse(response.json());
    expect(orders).toHaveLength(5);
    const link = response.headers.link as string;
    expect(link).toContain('page=1&per_page=5>; rel="first"');
    expect(link).toContain('page=2&per_page=5>; rel="next"');
    expect(link).toMatch(/page=3&per_page=5>; rel="last"/);
    expect(link).not.toContain('rel="prev"');
    const last = await get('/v0/orders?per_page=5&page=3');
    expect(last.json().length).toBeGreaterThan(0);
    expect(last.headers.link).toContain('rel="prev"');
    expect(last.headers.link).not.toContain('rel="next"');
    const byMaker = await get(`/v0/orders?maker=${MAKER_2}`);
    expect(byMaker.json()).toHaveLength(3);
    expect((await get(`/v0/orders?trader=${MAKER_2}`)).json()).toHaveLength(3);
    expect((await get(`/v0/orders?taker=${MAKER_2}`)).json()).toHaveLength(0);
    const pair = z
      .array(signedOrderSchema)
      .parse((await get(`/v0/orders?makerTokenAddress=${TOKEN_A}&takerTokenAddress=${TOKEN_B}`)).json());
    const prices = pair.map((o) => Number(o.takerTokenAmount) / Number(o.makerTokenAmount));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(pair.length).toBe(6);
    expectError(await get('/v0/orders?makerTokenAddress=0xZZ'), 400, 'makerTokenAddress', 1002);
  });

  test('GET /v0/orders caps per_page at 100', async () => {
    const response = await get('/v0/orders?per_page=500');
    expect(response.statusCode).toBe(200);
    expect(response.headers.link).toContain('per_page=100');
  });

  test('GET /v0/order/:hash: the SignedOrder, 404 in the SRA shape when unknown', async () => {
    const one = signedOrderSchema.strict().parse((await get(`/v0/order/${hashes[0]}`)).json());
    expect(one.makerFee).toBe('0');
    const missing = expectError(await get(`/v0/order/0x${'f'.repeat(64)}`), 404);
    expect(missing.code).toBe(404);
  });

  test('GET /v0/orderbook: bids and asks of the pair, required tokens', async () => {
    const response = await get(`/v0/orderbook?baseTokenAddress=${TOKEN_A}&quoteTokenAddress=${TOKEN_B}`);
    const book = z
      .object({ bids: z.array(signedOrderSchema.strict()), asks: z.array(signedOrderSchema.strict()) })
      .strict()
      .parse(response.json());
    expect(book.asks.every((o) => o.makerTokenAddress === TOKEN_A && o.takerTokenAddress === TOKEN_B)).toBe(
      true,
    );
    expect(book.bids.every((o) => o.makerTokenAddress === TOKEN_B && o.takerTokenAddress === TOKEN_A)).toBe(
      true,
    );
    expect(book.asks).toHaveLength(6);
    expect(book.bids).toHaveLength(6);
    const askPrices = book.asks.map((o) => Number(o.takerTokenAmount) / Number(o.makerTokenAmount));
    expect(askPrices).toEqual([...askPrices].sort((a, b) => a - b));
    const bidPrices = book.bids.map((o) => Number(o.makerTokenAmount) / Number(o.takerTokenAmount));
    expect(bidPrices).toEqual([...bidPrices].sort((a, b) => b - a));
    expect(response.headers.link).toContain('rel="last"');
    expectError(await get(`/v0/orderbook?baseTokenAddress=${TOKEN_A}`), 400, 'quoteTokenAddress', 1000);
  });

  test('GET /v0/token_pairs: every pair once, filtered by tokenA/tokenB, with trade info', async () => {
    const all = (await get('/v0/token_pairs')).json();
    expect(all).toHaveLength(3);
    const info = z.object({
      address: z.string(),
      minAmount: z.string().regex(/^\d+$/),
      maxAmount: z.string().regex(/^\d+$/),
      precision: z.number().int(),
    });
    z.array(z.object({ tokenA: info, tokenB: info })).parse(all);
    const withB = (await get(`/v0/token_pairs?tokenA=${TOKEN_B}`)).json();
    expect(withB).toHaveLength(2);
    expect(withB.every((p: { tokenA: { address: string } }) => p.tokenA.address === TOKEN_B)).toBe(true);
    const both = (await get(`/v0/token_pairs?tokenA=${TOKEN_C}&tokenB=${TOKEN_A}`)).json();
    expect(both).toEqual([
      expect.objectContaining({
        tokenA: expect.objectContaining({ address: TOKEN_C }),
        tokenB: expect.objectContaining({ address: TOKEN_A }),
      }),
    ]);
    const paged = await get('/v0/token_pairs?per_page=2&page=2');
    expect(paged.json()).toHaveLength(1);
    expect(paged.headers.link).toContain('rel="prev"');
  });

  test('POST /v0/fees answers the fee policy for a valid request, 400 otherwise', async () => {
    const request = {
      exchangeContractAddress: '0x48bacb9266a570d521063ef5dd96e61686dbe788',
      maker: MAKER_2,
      taker: `0x${'0'.repeat(40)}`,
      makerTokenAddress: TOKEN_A,
      takerTokenAddress: TOKEN_B,
      makerTokenAmount: '1',
      takerTokenAmount: '2',
      expirationUnixTimestampSec: '4102444800',
      salt: '5',
    };
    const fees = await env.app.inject({ method: 'POST', url: '/v0/fees', payload: request });
    expect(fees.statusCode).toBe(200);
    expect(fees.json()).toEqual({ feeRecipient: `0x${'0'.repeat(40)}`, makerFee: '0', takerFee: '0' });
    const bad = await env.app.inject({
      method: 'POST',
      url: '/v0/fees',
      payload: { ...request, maker: 'nope' },
    });
    expectError(bad, 400, 'maker', 1002);
  });
});

describe('networks', () => {
  test('each network has its own book, tokens and config under its prefix', async () => {
    const kovan = orderListResponseSchema.parse((await get('/kovan/order')).json());
    expect(kovan.total).toBe(1);
    expect(kovan.orders[0]?.makerFee).toBe('9');
    expect((await get('/kovan/token')).json()).toEqual([]);
    expect((await get('/kovan/v0/orders')).json()).toHaveLength(1);
    const config = networkInfoSchema.parse((await get('/kovan/config')).json());
    expect(config).toMatchObject({
      chainId: 42,
      prefix: '/kovan',
      exchange: KOVAN.addresses.exchange,
      makerFee: '0',
    });
    const main = networkInfoSchema.parse((await get('/config')).json());
    expect(main).toMatchObject({ chainId: 50, prefix: '', name: 'Local' });
  });
});
