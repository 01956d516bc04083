import { createSignedOrder } from '@relayer/devchain';
import { type Address, errorResponseSchema, hashOrder, orderRecordSchema } from '@relayer/protocol';
import { describe, expect, test } from 'vitest';
import { useChainApp } from '../../test/helpers/chainApp.js';
import { waitFor } from '../../test/helpers/waitFor.js';
import { type BookEvent, BookEvents } from '../events/BookEvents.js';

// docs/RELIABILITY.md, "One actor cannot flood the book": an unverified maker token's transfer is
// simulated at acceptance (eth_call with a state override, on the real chain); one that does not move
// what it reports is refused and its open orders leave the book.

const events = new BookEvents();
const published: BookEvent[] = [];
events.subscribe((event) => published.push(event));

const METRICS_TOKEN = 'transfer-honesty-test-metrics-token';

// The watcher on, its re-validation sweep every 200 ms: a dropped order must stay out of the book when
// its token's balances are read again (they say plenty).
const { t, app } = useChainApp(
  (base) => ({
    ...base,
    watcher: { ...base.watcher, enabled: true, pollMs: 50, revalidateIntervalMs: 200 },
    metrics: { host: '127.0.0.1', token: METRICS_TOKEN },
  }),
  { events },
);

/** Live orders the re-validation sweep has re-read so far. */
async function revalidated(): Promise<number> {
  const text = (await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } }))
    .body;
  return Number(/relayer_revalidation_checked_total\{network="main"\} (\d+)/.exec(text)?.[1] ?? 0);
}

/** Lists a deployed token with POST /token/new (unverified: it is not in the TokenRegistry). */
async function list(address: Address, name: string, symbol: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/token/new',
    payload: { address, name, symbol, decimals: 18 },
  });
  expect(response.statusCode, response.body).toBe(201);
  expect(response.json()).toMatchObject({ verified: false });
}

/** Dev account 6 holds no ETH and no tokens: a fresh key, as a spammer's would be. */
const order = (maker: number, makerToken: Address, amount: bigint) =>
  createSignedOrder({
    deployment: t.chain.deployment,
    makerPrivateKey: t.key(maker),
    makerToken,
    takerToken: t.token('WETH').address,
    makerAmount: amount,
    takerAmount: 10n ** 15n,
  });

const post = (payload: object) => app.inject({ method: 'POST', url: '/order/new', payload });

function expectDishonest(response: Awaited<ReturnType<typeof post>>) {
  expect(response.statusCode, response.body).toBe(400);
  const body = errorResponseSchema.parse(response.json());
  expect(body.error).toBe('TOKEN_TRANSFER_DISHONEST');
  expect(body.validationErrors?.[0]).toMatchObject({
    field: 'makerTokenAddress',
    error: 'TOKEN_TRANSFER_DISHONEST',
  });
}

describe('an unverified maker token whose transfer is simulated at acceptance', () => {
  test('a token whose transferFrom says true and moves nothing is refused, from a key with no ETH', async () => {
    const token = await t.deployLyingToken('Lying Token', 'LIE', 0);
    await list(token, 'Lying Token', 'LIE');
    const lie = await order(6, token, 10n ** 18n);
    expectDishonest(await post(lie));
    expect((await app.inject(`/order/${hashOrder(lie)}`)).statusCode).toBe(404);
  });

  test('a token that moves half of the amount (fee on transfer) is refused too', async () => {
    const token = await t.deployLyingToken('Half Token', 'HALF', 50);
    await list(token, 'Half Token', 'HALF');
    expectDishonest(await post(await order(6, token, 10n ** 18n)));
  });

  test("an honest unverified token's order is accepted", async () => {
    const token = await t.deployToken('Honest Coin', 'HNST', 18);
    await list(token, 'Honest Coin', 'HNST');
    await t.approve(0, token, 10n ** 24n);
    const response = await post(await order(0, token, 10n ** 18n));
    expect(response.statusCode, response.body).toBe(201);
  });

  test('a token that turns dishonest is refused and its open orders leave the book for good, with their events', async () => {
    const token = await t.deployLyingToken('Turncoat', 'TURN', 100);
    await list(token, 'Turncoat', 'TURN');
    const first = await order(6, token, 10n ** 18n);
    const second = await order(7, token, 2n * 10n ** 18n);
    for (const o of [first, second]) expect((await post(o)).statusCode).toBe(201);
    await t.setMovedPercent(token, 0);
    expectDishonest(await post(await order(8, token, 3n * 10n ** 18n)));
    for (const o of [first, second]) {
      const stored = orderRecordSchema.parse((await app.inject(`/order/${hashOrder(o)}`)).json());
      expect(stored).toMatchObject({ state: 'unfunded', reason: 'TOKEN_TRANSFER_DISHONEST' });
      expect(published).toContainEqual(
        expect.objectContaining({ type: 'removed', orderHash: hashOrder(o), state: 'unfunded' }),
      );
    }
    await waitFor(
      async () => (await app.inject(`/order?makerTokenAddress=${token}`)).json().total === 0,
      10_000,
      'the open book without the token',
    );
    const before = await revalidated();
    await waitFor(async () => (await revalidated()) >= before + 2, 20_000, 'a re-validation pass');
    for (const o of [first, second]) {
      const stored = orderRecordSchema.parse((await app.inject(`/order/${hashOrder(o)}`)).json());
      expect(stored).toMatchObject({ state: 'unfunded', reason: 'TOKEN_TRANSFER_DISHONEST' });
    }
    expect((await app.inject(`/order?makerTokenAddress=${token}`)).json().total).toBe(0);
    const unverifiedStillListed = (await app.inject('/token')).json();
    expect(unverifiedStillListed.some((x: { address: string }) => x.address === token)).toBe(true);
  });
});
