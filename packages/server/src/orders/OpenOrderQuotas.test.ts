import { createSignedOrder } from '@relayer/devchain';
import { type Address, errorResponseSchema, hashOrder } from '@relayer/protocol';
import { describe, expect, test } from 'vitest';
import { useChainApp } from '../../test/helpers/chainApp.js';

// docs/RELIABILITY.md, "One actor cannot flood the book": besides the quota per maker, a quota of open
// orders per unverified token (either side, over every maker) and one per network.

const PER_TOKEN = 2;
const PER_NETWORK = 6;

const { t, app } = useChainApp((base) => ({
  ...base,
  orders: { ...base.orders, maxOpenPerUnverifiedToken: PER_TOKEN, maxOpenPerNetwork: PER_NETWORK },
}));

/** Deploys and lists an honest ERC20 with POST /token/new: it is unverified. */
async function listToken(name: string, symbol: string): Promise<Address> {
  const address = await t.deployToken(name, symbol, 18);
  const response = await app.inject({
    method: 'POST',
    url: '/token/new',
    payload: { address, name, symbol, decimals: 18 },
  });
  expect(response.statusCode, response.body).toBe(201);
  return address;
}

/** Dev account `maker` sells REP (verified, funded) for `takerToken`. */
const order = (maker: number, takerToken: Address, amount: bigint) =>
  createSignedOrder({
    deployment: t.chain.deployment,
    makerPrivateKey: t.key(maker),
    makerToken: t.token('REP').address,
    takerToken,
    makerAmount: amount,
    takerAmount: amount,
  });

const post = (payload: object) => app.inject({ method: 'POST', url: '/order/new', payload });

function expectQuota(response: Awaited<ReturnType<typeof post>>, error: string, field: string) {
  expect(response.statusCode, response.body).toBe(429);
  const body = errorResponseSchema.parse(response.json());
  expect(body).toMatchObject({ code: 103, error });
  expect(body.validationErrors?.[0]).toMatchObject({ field, error });
  return body;
}

const openTotal = async () => (await app.inject('/order?per_page=1')).json().total as number;

describe(`quotas of ${PER_TOKEN} open orders per unverified token and ${PER_NETWORK} per network`, () => {
  const posted: object[] = [];

  test(`refuses one order more than ${PER_TOKEN} open ones of one unverified token across makers, naming the field`, async () => {
    const junk = await listToken('Junk One', 'JNK1');
    for (let maker = 1; maker <= PER_TOKEN; maker++) {
      const o = await order(maker, junk, 10n ** 18n + BigInt(maker));
      posted.push(o);
      const response = await post(o);
      expect(response.statusCode, response.body).toBe(201);
    }
    const extra = await order(3, junk, 10n ** 18n + 99n);
    const body = expectQuota(await post(extra), 'TOKEN_ORDER_QUOTA_EXCEEDED', 'takerTokenAddress');
    expect(body.reason).toContain(`has ${PER_TOKEN} open orders`);
    expect((await app.inject(`/order/${hashOrder(extra)}`)).statusCode).toBe(404);
  });

  test('re-posting an order that is already open is not refused: it adds nothing', async () => {
    const again = await post(posted[0] as object);
    expect(again.statusCode, again.body).toBe(200);
  });

  test('concurrent submissions of several makers cannot slip past the token quota together', async () => {
    const junk = await listToken('Junk Two', 'JNK2');
    const orders = await Promise.all(
      Array.from({ length: 3 * PER_TOKEN }, (_, i) => order(1 + (i % 3), junk, 10n ** 17n + BigInt(i))),
    );
    const answers = await Promise.all(orders.map((o) => post(o)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(PER_TOKEN);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(2 * PER_TOKEN);
    const listed = await app.inject(`/order?takerTokenAddress=${junk}`);
    expect(listed.json().total).toBe(PER_TOKEN);
  });

  test(`refuses one order more than ${PER_NETWORK} open ones on the network, of verified tokens too`, async () => {
    const weth = t.token('WETH').address;
    let maker = 1;
    while ((await openTotal()) < PER_NETWORK) {
      const response = await post(await order(maker, weth, 10n ** 16n + BigInt(maker)));
      expect(response.statusCode, response.body).toBe(201);
      maker++;
    }
    const extra = await order(maker, weth, 10n ** 16n + 99n);
    const body = expectQuota(await post(extra), 'NETWORK_ORDER_QUOTA_EXCEEDED', 'order');
    expect(body.reason).toContain(`at most ${PER_NETWORK}`);
    expect(await openTotal()).toBe(PER_NETWORK);
  });
});
