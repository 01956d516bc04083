import { createSignedOrder } from '@relayer/devchain';
import {
  errorResponseSchema,
  hashOrder,
  NULL_ADDRESS,
  orderRecordSchema,
  type SignedOrder,
  signedOrderSchema,
} from '@relayer/protocol';
import { describe, expect, test } from 'vitest';
import { signOrder, useChainApp } from '../../test/helpers/chainApp.js';
import { buildApp } from '../buildApp.js';
import { type BookEvent, BookEvents } from '../events/BookEvents.js';

const MAKER_FEE = 10n ** 15n;
const TAKER_FEE = 2n * 10n ** 15n;

const events = new BookEvents();
const published: BookEvent[] = [];
events.subscribe((event) => published.push(event));

const { t, config, app, db } = useChainApp(
  (base, chain) => ({
    ...base,
    fees: {
      feeRecipient: chain.address(9),
      makerFee: MAKER_FEE.toString(),
      takerFee: TAKER_FEE.toString(),
    },
  }),
  { events },
);

/** An order from dev account `maker` on this relayer's fee policy, selling REP for WETH by default. */
function makeOrder(overrides: Partial<Parameters<typeof createSignedOrder>[0]> & { maker?: number } = {}) {
  const { maker = 1, ...rest } = overrides;
  return createSignedOrder({
    deployment: t.chain.deployment,
    makerPrivateKey: t.key(maker),
    makerToken: t.token('REP').address,
    takerToken: t.token('WETH').address,
    makerAmount: 10n ** 18n,
    takerAmount: 2n * 10n ** 17n,
    feeRecipient: t.address(9),
    makerFee: MAKER_FEE,
    takerFee: TAKER_FEE,
    ...rest,
  } as Parameters<typeof createSignedOrder>[0]);
}

const post = (payload: unknown, url = '/order/new') =>
  app.inject({ method: 'POST', url, payload: payload as Record<string, unknown> });

/** Asserts a 400 refusal in the SRA shape naming `field` with relayer code `error` and SRA field code `code`. */
function expectRefusal(
  response: Awaited<ReturnType<typeof post>>,
  field: string,
  error: string,
  code: number,
) {
  expect(response.statusCode, response.body).toBe(400);
  const body = errorResponseSchema.parse(response.json());
  expect(body.code).toBe(100);
  expect(body.validationErrors).toContainEqual(expect.objectContaining({ field, error, code }));
  return body;
}

describe('accepting an order', () => {
  test('stores a valid order, answers 201 with its record and broadcasts it once', async () => {
    const order = await makeOrder();
    const before = await app.inject('/order?per_page=100');
    const response = await post(order);
    expect(response.statusCode, response.body).toBe(201);
    const record = orderRecordSchema.parse(response.json());
    expect(record).toMatchObject({
      orderHash: hashOrder(order),
      state: 'open',
      filledTakerTokenAmount: '0',
      remainingTakerTokenAmount: order.takerTokenAmount,
      remainingMakerTokenAmount: order.makerTokenAmount,
      fillableTakerTokenAmount: order.takerTokenAmount,
    });
    const stored = await app.inject(`/order/${record.orderHash}`);
    expect(stored.json()).toMatchObject({
      orderHash: record.orderHash,
      state: 'open',
      ecSignature: order.ecSignature,
    });
    const after = await app.inject('/order?per_page=100');
    expect(after.json().total).toBe(before.json().total + 1);
    expect(after.json().orders.map((o: { orderHash: string }) => o.orderHash)).toContain(record.orderHash);
    expect(
      published.filter((e) => e.type === 'added' && e.order.orderHash === record.orderHash),
    ).toHaveLength(1);
  });

  test('is idempotent: the same signed order again answers 200, stores no second row and broadcasts nothing', async () => {
    const order = await makeOrder();
    expect((await post(order)).statusCode).toBe(201);
    const count = published.length;
    const again = await post(order);
    expect(again.statusCode).toBe(200);
    expect(again.json().orderHash).toBe(hashOrder(order));
    const sra = await post(order, '/v0/order');
    expect(sra.statusCode).toBe(200);
    expect(sra.body).toBe('');
    expect(published.length).toBe(count);
    const listed = await app.inject(`/v0/orders?maker=${order.maker}&per_page=100`);
    expect(listed.json().filter((o: SignedOrder) => hashOrder(o) === hashOrder(order))).toHaveLength(1);
  });

  test('POST /v0/order answers 201 with no body and the order is served by SRA reads', async () => {
    const order = await makeOrder({ maker: 2 });
    const response = await post(order, '/v0/order');
    expect(response.statusCode, response.body).toBe(201);
    expect(response.body).toBe('');
    const one = await app.inject(`/v0/order/${hashOrder(order)}`);
    expect(signedOrderSchema.parse(one.json())).toEqual(order);
  });

  test('takes the order as JSON text too (raw-order entry), as a JSON string', async () => {
    const asString = await makeOrder();
    const quoted = await app.inject({
      method: 'POST',
      url: '/order/new',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(JSON.stringify(asString)),
    });
    expect(quoted.statusCode, quoted.body).toBe(201);
  });

  test('accepts a partly filled order and shows what remains', async () => {
    const order = await makeOrder({ maker: 3 });
    await t.fill(order, 5n * 10n ** 16n, 2);
    const response = await post(order);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      filledTakerTokenAmount: (5n * 10n ** 16n).toString(),
      remainingTakerTokenAmount: (15n * 10n ** 16n).toString(),
      remainingMakerTokenAmount: (75n * 10n ** 16n).toString(),
    });
  });
});

describe('refusing an order', () => {
  test('a checksummed (mixed-case) address: 1002 on the field', async () => {
    const order = await makeOrder();
    const body = expectRefusal(
      await post({ ...order, maker: '0x5409ED021D9299bf6814279A6A1411A7e866A631' }),
      'maker',
      'INVALID_ADDRESS',
      1002,
    );
    expect(body.error).toBe('VALIDATION_FAILED');
  });

  test('wrong types: a number amount, a string v, a missing field', async () => {
    const order = await makeOrder();
    expectRefusal(
      await post({ ...order, makerTokenAmount: 1000 }),
      'makerTokenAmount',
      'INCORRECT_FORMAT',
      1001,
    );
    expectRefusal(
      await post({ ...order, ecSignature: { ...order.ecSignature, v: '27' } }),
      'ecSignature.v',
      'INVALID_ECDSA_OR_HASH',
      1005,
    );
    const { salt: _salt, ...withoutSalt } = order;
    expectRefusal(await post(withoutSalt), 'salt', 'REQUIRED_FIELD', 1000);
    expectRefusal(await post({ ...order, makerFee: '-1' }), 'makerFee', 'INCORRECT_FORMAT', 1001);
  });

  test('malformed JSON: 101; a huge body: 413 PAYLOAD_TOO_LARGE', async () => {
    const malformed = await app.inject({
      method: 'POST',
      url: '/order/new',
      headers: { 'content-type': 'application/json' },
      payload: '{"maker": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 101, error: 'MALFORMED_JSON' });
    const huge = await post({ ...(await makeOrder()), padding: 'x'.repeat(config.orders.bodyLimitBytes) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ error: 'PAYLOAD_TOO_LARGE' });
  });

  test('a signature that is not valid for the order', async () => {
    const order = await makeOrder();
    const tampered = { ...order, ecSignature: { ...order.ecSignature, s: `0x${'1'.repeat(64)}` } };
    expectRefusal(await post(tampered), 'ecSignature', 'INVALID_SIGNATURE', 1005);
    const zeroR = { ...order, ecSignature: { ...order.ecSignature, r: `0x${'0'.repeat(64)}` } };
    expectRefusal(await post(zeroR), 'ecSignature', 'INVALID_SIGNATURE', 1005);
  });

  test('an order signed by someone other than its maker', async () => {
    const order = await makeOrder({ maker: 1 });
    const { ecSignature: _sig, ...unsigned } = order;
    const signedByOther = await signOrder(unsigned, t.key(2));
    const body = expectRefusal(await post(signedByOther), 'ecSignature', 'INVALID_SIGNATURE', 1005);
    expect(body.reason).toContain(t.address(2));
  });

  test('an orderHash that does not match the fields', async () => {
    const order = await makeOrder();
    expectRefusal(
      await post({ ...order, orderHash: `0x${'ab'.repeat(32)}` }),
      'orderHash',
      'ORDER_HASH_MISMATCH',
      1005,
    );
    expect(
      (await post({ ...order, orderHash: hashOrder(order).toUpperCase().replace('0X', '0x') })).statusCode,
    ).toBe(201);
  });

  test('another exchange', async () => {
    const order = await makeOrder();
    const { ecSignature: _sig, ...unsigned } = order;
    const other = await signOrder({ ...unsigned, exchangeContractAddress: `0x${'e'.repeat(40)}` }, t.key(1));
    expectRefusal(await post(other), 'exchangeContractAddress', 'EXCHANGE_ADDRESS_MISMATCH', 1003);
  });

  test('expired, or expiring within the safety margin', async () => {
    expectRefusal(
      await post(await makeOrder({ expiresInSec: -10 })),
      'expirationUnixTimestampSec',
      'ORDER_FILL_EXPIRED',
      1004,
    );
    const soon = await makeOrder({ expiresInSec: config.orders.expiryMarginSec - 5 });
    expectRefusal(await post(soon), 'expirationUnixTimestampSec', 'ORDER_FILL_EXPIRED', 1004);
  });

  test('zero amounts', async () => {
    expectRefusal(
      await post(await makeOrder({ makerAmount: 0n })),
      'makerTokenAmount',
      'ORDER_AMOUNT_ZERO',
      1004,
    );
    expectRefusal(
      await post(await makeOrder({ takerAmount: 0n })),
      'takerTokenAmount',
      'ORDER_AMOUNT_ZERO',
      1004,
    );
  });

  test('amounts whose fill arithmetic overflows uint256 in the v1 Exchange: a coded 400 on both routes, not a 500', async () => {
    // Each amount is a valid uint256, but takerTokenAmount × makerTokenAmount is not (getPartialAmount).
    const order = await makeOrder({ makerAmount: 100_000n, takerAmount: 2n ** 255n });
    for (const url of ['/order/new', '/v0/order']) {
      const body = expectRefusal(
        await post(order, url),
        'takerTokenAmount',
        'ORDER_ARITHMETIC_OVERFLOW',
        1004,
      );
      expect(body.validationErrors?.[0]?.reason).toMatch(/v1 Exchange.*revert/);
    }
    expect((await app.inject(`/order/${hashOrder(order)}`)).statusCode).toBe(404);
  });

  test('the same token on both sides', async () => {
    const rep = t.token('REP').address;
    const order = await makeOrder({ makerToken: rep, takerToken: rep });
    expectRefusal(await post(order), 'takerTokenAddress', 'ORDER_SAME_TOKEN', 1004);
    expectRefusal(await post(order, '/v0/order'), 'takerTokenAddress', 'ORDER_SAME_TOKEN', 1004);
  });

  test('a remainder that would fill with a rounding error', async () => {
    // 1001 for 3: after filling 2, filling the last 1 rounds by 0.1 % or more (PROTOCOL.md §4.3).
    const order = await makeOrder({ maker: 3, makerAmount: 1001n, takerAmount: 3n });
    await t.fill(order, 2n, 2);
    expectRefusal(await post(order), 'takerTokenAmount', 'ORDER_FILL_ROUNDING_ERROR', 1004);
  });

  test('a token this relayer does not list', async () => {
    const unknown = await makeOrder({ makerToken: `0x${'7'.repeat(40)}` });
    expectRefusal(await post(unknown), 'makerTokenAddress', 'UNKNOWN_TOKEN', 1003);
    const unknownTaker = await makeOrder({ takerToken: `0x${'7'.repeat(40)}` });
    expectRefusal(await post(unknownTaker), 'takerTokenAddress', 'UNKNOWN_TOKEN', 1003);
  });

  test('a maker without funds, without an allowance, or short of the remaining amount', async () => {
    expectRefusal(
      await post(await makeOrder({ maker: 7 })),
      'makerTokenAmount',
      'INSUFFICIENT_MAKER_BALANCE',
      1004,
    );
    expectRefusal(
      await post(await makeOrder({ maker: 4 })),
      'makerTokenAmount',
      'INSUFFICIENT_MAKER_ALLOWANCE',
      1004,
    );
    const tooBig = await makeOrder({ maker: 1, makerAmount: 10n ** 30n });
    expectRefusal(await post(tooBig), 'makerTokenAmount', 'INSUFFICIENT_MAKER_BALANCE', 1004);
  });

  test('a maker who cannot pay the maker fee in ZRX', async () => {
    // Account 5 holds ZRX and REP; it approves REP for the proxy but not ZRX.
    await t.approve(5, t.token('REP').address, 2n ** 256n - 1n);
    const order = await makeOrder({ maker: 5 });
    expectRefusal(await post(order), 'makerFee', 'INSUFFICIENT_MAKER_FEE_ALLOWANCE', 1004);
  });

  test('fully filled or cancelled on chain', async () => {
    const filled = await makeOrder({ maker: 3 });
    await t.fill(filled, BigInt(filled.takerTokenAmount), 2);
    expectRefusal(await post(filled), 'takerTokenAmount', 'ORDER_REMAINING_FILL_AMOUNT_ZERO', 1004);
    const cancelled = await makeOrder({ maker: 3 });
    await t.cancel(cancelled, BigInt(cancelled.takerTokenAmount));
    expectRefusal(await post(cancelled), 'takerTokenAmount', 'ORDER_REMAINING_FILL_AMOUNT_ZERO', 1004);
  });

  test("fees that do not follow this relayer's policy", async () => {
    expectRefusal(
      await post(await makeOrder({ feeRecipient: NULL_ADDRESS })),
      'feeRecipient',
      'FEE_POLICY_MISMATCH',
      1004,
    );
    expectRefusal(await post(await makeOrder({ makerFee: 0n })), 'makerFee', 'FEE_POLICY_MISMATCH', 1004);
    expectRefusal(
      await post(await makeOrder({ takerFee: TAKER_FEE + 1n })),
      'takerFee',
      'FEE_POLICY_MISMATCH',
      1004,
    );
  });

  test('every refusal leaves nothing behind: no row, no broadcast', async () => {
    const count = published.length;
    const order = await makeOrder({ maker: 7 });
    expect((await post(order)).statusCode).toBe(400);
    expect((await app.inject(`/order/${hashOrder(order)}`)).statusCode).toBe(404);
    expect(published.length).toBe(count);
  });
});

describe('the relayer around acceptance', () => {
  test('answers 102 when submission is disabled', async () => {
    const closed = await buildApp(
      { ...config, orders: { ...config.orders, submissionEnabled: false } },
      { db },
    );
    const response = await closed.inject({ method: 'POST', url: '/v0/order', payload: await makeOrder() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 102, error: 'ORDER_SUBMISSION_DISABLED' });
    await closed.close();
  });

  test('throttles writes with 429 and SRA code 103, with rate-limit headers', async () => {
    const limited = await buildApp(
      { ...config, http: { ...config.http, writeRateLimitPerMinute: 2 } },
      { db },
    );
    const order = await makeOrder();
    const answers = [];
    for (let i = 0; i < 3; i++)
      answers.push(await limited.inject({ method: 'POST', url: '/v0/order', payload: order }));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 200, 429]);
    expect(answers[2]?.json()).toMatchObject({ code: 103, error: 'THROTTLED' });
    expect(answers[0]?.headers['x-ratelimit-limit']).toBe('2');
    expect(answers[0]?.headers['x-ratelimit-remaining']).toBe('1');
    await limited.close();
  });

  test('answers 503 CHAIN_UNAVAILABLE when the node is down, without leaking where it is', async () => {
    const downNetwork = { ...t.network, rpcUrl: 'http://127.0.0.1:9/rpc-secret' };
    const down = await buildApp({ ...config, networks: [downNetwork] }, { db });
    const response = await down.inject({ method: 'POST', url: '/order/new', payload: await makeOrder() });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 503, error: 'CHAIN_UNAVAILABLE' });
    expect(response.body).not.toMatch(/127\.0\.0\.1|rpc-secret|http|fetch/i);
    await down.close();
  });
});
