import { errorResponseSchema, hashOrder } from '@relayer/protocol';
import { describe, expect, test } from 'vitest';
import { useChainApp } from '../../test/helpers/chainApp.js';

/**
 * docs/RELIABILITY.md, "Operator surfaces stay the operator's": a text/plain POST is a request any web
 * page can make through its visitors' browsers without a CORS preflight, so no state-changing route takes
 * one. The same bodies as application/json are the legitimate clients' and still work.
 */
const WEB_APP = 'https://relayer.example';
const { t, app, db } = useChainApp((config) => ({
  ...config,
  analytics: { enabled: true, origins: [WEB_APP] },
}));

const makeOrder = () => t.repForWeth();

const send = (url: string, body: unknown, type: string) =>
  app.inject({
    method: 'POST',
    url,
    payload: JSON.stringify(body),
    headers: { 'content-type': type, origin: WEB_APP },
  });

function expectUnsupportedType(response: Awaited<ReturnType<typeof send>>, type: string) {
  expect(response.statusCode, response.body).toBe(415);
  const body = errorResponseSchema.parse(response.json());
  expect(body.validationErrors).toContainEqual(
    expect.objectContaining({ field: 'content-type', error: 'UNSUPPORTED_MEDIA_TYPE' }),
  );
  expect(body.reason).toContain(type);
}

const storedOrders = async (hash: string) =>
  (await db.query('SELECT 1 FROM orders WHERE hash = $1', [hash])).length;

describe('state-changing routes take application/json only', () => {
  for (const url of ['/order/new', '/v0/order']) {
    test(`${url}: a text/plain order is 415 and stores nothing; as JSON it is accepted`, async () => {
      const order = await makeOrder();
      for (const type of ['text/plain', 'text/plain; charset=utf-8', 'application/x-www-form-urlencoded']) {
        expectUnsupportedType(await send(url, order, type), type.split(';')[0] ?? type);
      }
      expect(await storedOrders(hashOrder(order))).toBe(0);
      expect((await app.inject(`/order/${hashOrder(order)}`)).statusCode).toBe(404);
      const json = await send(url, order, 'application/json');
      expect(json.statusCode, json.body).toBe(201);
      expect(await storedOrders(hashOrder(order))).toBe(1);
    });
  }

  test('/token/new: a text/plain token is 415 and not listed; as JSON it is added', async () => {
    const address = await t.deployToken('Cross Site Coin', 'XSITE', 18);
    const token = { address, name: 'Cross Site Coin', symbol: 'XSITE', decimals: 18 };
    expectUnsupportedType(await send('/token/new', token, 'text/plain'), 'text/plain');
    const listed = async () => (await db.query('SELECT 1 FROM tokens WHERE address = $1', [address])).length;
    expect(await listed()).toBe(0);
    const json = await send('/token/new', token, 'application/json');
    expect(json.statusCode, json.body).toBe(201);
    expect(await listed()).toBe(1);
  });

  test('/analytics/pageview: a text/plain view is 415 and not counted; as JSON it is', async () => {
    const views = async () =>
      (await db.query("SELECT 1 FROM analytics_pageviews WHERE path = '/my/trades'")).length;
    expectUnsupportedType(
      await send('/analytics/pageview', { path: '/my/trades' }, 'text/plain'),
      'text/plain',
    );
    expect(await views()).toBe(0);
    expect((await send('/analytics/pageview', { path: '/my/trades' }, 'application/json')).statusCode).toBe(
      204,
    );
    expect(await views()).toBe(1);
  });
});
