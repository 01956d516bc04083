import { batchOrdersResponseSchema, type SignedOrder } from '@relayer/protocol';
import { describe, expect, test } from 'vitest';
import { signOrder, useChainApp } from '../../test/helpers/chainApp.js';
import { MAX_BATCH_ORDERS } from './submitOrders.js';

const { t, app, db } = useChainApp();

const post = (payload: unknown) =>
  app.inject({
    method: 'POST',
    url: '/orders',
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json' },
  });
const openCount = async () =>
  Number((await db.query<{ n: string }>("SELECT count(*) AS n FROM orders WHERE state = 'open'"))[0]?.n);

describe('POST /orders', () => {
  test('a batch of 100 with 7 bad orders stores the 93 good ones and answers each at its index', async () => {
    const good = await Promise.all(
      Array.from({ length: 93 }, (_, i) => t.repForWeth({ makerAmount: 10n ** 18n + BigInt(i) })),
    );
    const base = await t.repForWeth({ makerAmount: 2n * 10n ** 18n });
    const bad: [unknown, string, string][] = [
      [
        { ...base, ecSignature: { ...base.ecSignature, s: base.ecSignature.r } },
        'ecSignature',
        'INVALID_SIGNATURE',
      ],
      [await t.repForWeth({ expiresInSec: -3600 }), 'expirationUnixTimestampSec', 'ORDER_FILL_EXPIRED'],
      [{ ...base, makerTokenAmount: undefined }, 'makerTokenAmount', 'REQUIRED_FIELD'],
      [{ ...base, maker: base.maker.toUpperCase().replace('0X', '0x') }, 'maker', 'INVALID_ADDRESS'],
      [
        await signOrder({ ...base, takerTokenAddress: `0x${'7'.repeat(40)}` }, t.key(1)),
        'takerTokenAddress',
        'UNKNOWN_TOKEN',
      ],
      [await t.repForWeth({ makerAmount: 10n ** 40n }), 'makerTokenAmount', 'INSUFFICIENT_MAKER_BALANCE'],
      ['not an order', 'order', ''],
    ];
    const batch: unknown[] = [...good];
    // Spread the bad ones through the batch.
    for (const [i, [order]] of bad.entries()) batch.splice(i * 13 + 5, 0, order);
    expect(batch).toHaveLength(MAX_BATCH_ORDERS);
    const before = await openCount();

    const response = await post(batch);
    expect(response.statusCode, response.body).toBe(200);
    const { results } = batchOrdersResponseSchema.parse(response.json());
    expect(results.map((r) => r.index)).toEqual(batch.map((_, i) => i));
    const stored = results.filter((r) => r.status === 201);
    expect(stored).toHaveLength(93);
    for (const [order, field, error] of bad) {
      const result = results[batch.indexOf(order)];
      expect(result?.status, JSON.stringify(result)).toBe(400);
      if (result && 'error' in result && error) {
        expect(result.error.validationErrors).toContainEqual(expect.objectContaining({ field, error }));
      }
    }
    // Each result is the order sent at its index.
    for (const result of stored) {
      if ('order' in result) expect(result.order.salt).toBe((batch[result.index] as SignedOrder).salt);
    }
    expect(await openCount()).toBe(before + 93);

    // Posting the same batch again stores nothing new: the good ones answer 200 (already open).
    const again = batchOrdersResponseSchema.parse((await post(batch)).json());
    expect(again.results.filter((r) => r.status === 200)).toHaveLength(93);
    expect(await openCount()).toBe(before + 93);
  }, 120_000);

  test('refuses a body that is not a batch of 1 to 100 orders, naming "orders"', async () => {
    const one = await t.repForWeth();
    for (const body of [{ order: one }, [], Array(MAX_BATCH_ORDERS + 1).fill(one)]) {
      const response = await post(body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().validationErrors).toContainEqual(expect.objectContaining({ field: 'orders' }));
    }
  });

  test('takes a full batch over the single-order body limit, and refuses a larger body with 413', async () => {
    const orders: SignedOrder[] = await Promise.all(
      Array.from({ length: MAX_BATCH_ORDERS }, () => t.repForWeth()),
    );
    expect(JSON.stringify(orders).length).toBeGreaterThan(64 * 1024);
    const response = await post(orders);
    expect(response.statusCode, response.body).toBe(200);
    const huge = await post([{ ...orders[0], padding: 'x'.repeat(1024 * 1024) }]);
    expect(huge.statusCode).toBe(413);
  }, 60_000);
});
