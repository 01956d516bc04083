import { createSignedOrder } from '@relayer/devchain';
import { errorResponseSchema, hashOrder, type SignedOrder } from '@relayer/protocol';
import { describe, expect, test } from 'vitest';
import { useChainApp } from '../../test/helpers/chainApp.js';

// docs/RELIABILITY.md, "One actor cannot flood the book": a quota of open orders per maker, counted in
// the database over every address the orders come from.

const QUOTA = 3;
const posted: SignedOrder[] = [];

const { t, app, db } = useChainApp((base) => ({
  ...base,
  orders: { ...base.orders, maxOpenPerMaker: QUOTA },
}));

const order = (maker: number, amount: bigint) =>
  createSignedOrder({
    deployment: t.chain.deployment,
    makerPrivateKey: t.key(maker),
    makerToken: t.token('REP').address,
    takerToken: t.token('WETH').address,
    makerAmount: amount,
    takerAmount: amount,
  });

/** Posts from a given client address: each order arrives from a different one. */
const postFrom = (remoteAddress: string, payload: object, url = '/order/new') =>
  app.inject({ method: 'POST', url, payload, remoteAddress });

const openOf = async (maker: string) =>
  (await app.inject(`/order?maker=${maker}&per_page=100`)).json().total as number;

describe(`a quota of ${QUOTA} open orders per maker`, () => {
  test(`refuses the ${QUOTA + 1}th open order of one maker posted from several addresses, naming quota and count`, async () => {
    const maker = t.address(2);
    const addresses = ['198.51.100.1', '198.51.100.2', '2001:db8:1::1', '203.0.113.9'];
    for (let i = 0; i < QUOTA; i++) {
      posted.push(await order(2, 10n ** 18n + BigInt(i)));
      const response = await postFrom(addresses[i] ?? '', posted[i] as object);
      expect(response.statusCode, response.body).toBe(201);
    }
    const extra = await order(2, 10n ** 18n + 99n);
    const refused = await postFrom(addresses[QUOTA] ?? '', extra, '/v0/order');
    expect(refused.statusCode).toBe(429);
    const body = errorResponseSchema.parse(refused.json());
    expect(body).toMatchObject({ code: 103, error: 'MAKER_ORDER_QUOTA_EXCEEDED' });
    expect(body.validationErrors?.[0]).toMatchObject({ field: 'maker', error: 'MAKER_ORDER_QUOTA_EXCEEDED' });
    expect(body.reason).toContain(`has ${QUOTA} open orders`);
    expect(body.reason).toContain(`quota is ${QUOTA}`);
    expect((await app.inject(`/order/${hashOrder(extra)}`)).statusCode).toBe(404);
    expect(await openOf(maker)).toBe(QUOTA);
  });

  test('re-posting an order that is already open is not refused: it adds nothing', async () => {
    const again = await postFrom('198.51.100.7', posted[0] as object);
    expect(again.statusCode, again.body).toBe(200);
  });

  test('concurrent submissions of one maker cannot slip past the quota together', async () => {
    const maker = t.address(3);
    const orders = await Promise.all(
      Array.from({ length: 2 * QUOTA }, (_, i) => order(3, 10n ** 17n + BigInt(i))),
    );
    const answers = await Promise.all(orders.map((o, i) => postFrom(`192.0.2.${i + 1}`, o)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(QUOTA);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(QUOTA);
    expect(await openOf(maker)).toBe(QUOTA);
  });

  test('other makers keep their own quota', async () => {
    const response = await postFrom('198.51.100.1', await order(1, 10n ** 18n));
    expect(response.statusCode, response.body).toBe(201);
  });

  test('an order that leaves the book frees its place', async () => {
    const maker = t.address(2);
    const [oldest] = (await app.inject(`/order?maker=${maker}`)).json().orders;
    await db.query("UPDATE orders SET state = 'cancelled' WHERE hash = $1", [oldest.orderHash]);
    // What the watcher's write of a cancel looks like to the quota: the row is no longer open.
    const response = await postFrom('198.51.100.3', await order(2, 10n ** 18n + 500n));
    expect(response.statusCode, response.body).toBe(201);
  });
});
