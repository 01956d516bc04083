import { errorResponseSchema, hashOrder, type Order } from '@relayer/protocol';
import { describe, expect, test } from 'vitest';
import { signOrder, useChainApp } from '../../test/helpers/chainApp.js';

// docs/RELIABILITY.md, "One actor cannot flood the book": an expiry at most MAX_ORDER_EXPIRY_SEC (one
// year by default) after the chain's clock, so no order sits in the book and is re-read for ever.

const YEAR_SEC = 365 * 86_400;

const { t, config, app } = useChainApp();

const post = (payload: object) => app.inject({ method: 'POST', url: '/v0/order', payload });

const expiringIn = (expiresInSec: number) =>
  t.repForWeth({ takerAmount: 10n ** 18n + BigInt(expiresInSec), expiresInSec });

function expectTooFar(response: Awaited<ReturnType<typeof post>>) {
  expect(response.statusCode, response.body).toBe(400);
  const body = errorResponseSchema.parse(response.json());
  expect(body.code).toBe(100);
  expect(body.validationErrors).toEqual([
    expect.objectContaining({ field: 'expirationUnixTimestampSec', error: 'ORDER_EXPIRY_TOO_FAR' }),
  ]);
}

describe('the expiry cap', () => {
  test('defaults to one year', () => {
    expect(config.orders.maxExpirySec).toBe(YEAR_SEC);
  });

  test('refuses an order that never expires (2^256-1) with a coded 400 naming the field', async () => {
    const { ecSignature: _, ...unsigned } = await expiringIn(3600);
    const forever: Order = { ...unsigned, expirationUnixTimestampSec: (2n ** 256n - 1n).toString() };
    const signed = await signOrder(forever, t.key(1));
    expectTooFar(await post(signed));
    expect((await app.inject(`/order/${hashOrder(signed)}`)).statusCode).toBe(404);
  });

  test('refuses an order expiring a year and a minute from now', async () => {
    expectTooFar(await post(await expiringIn(YEAR_SEC + 60)));
  });

  test('accepts an order expiring a year less a minute from now', async () => {
    const response = await post(await expiringIn(YEAR_SEC - 60));
    expect(response.statusCode, response.body).toBe(201);
  });
});
