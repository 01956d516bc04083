import { createSignedOrder } from '@relayer/devchain';
import {
  errorResponseSchema,
  hashOrder,
  type Order,
  orderListResponseSchema,
  type SignedOrder,
} from '@relayer/protocol';
import type { Address } from 'viem';
import { describe, expect, test } from 'vitest';
import { signOrder, useChainApp } from '../../test/helpers/chainApp.js';

// docs/RELIABILITY.md, "The front page belongs to the book": with every fee 0 the default sort
// (makerFee ascending) is all ties, which break by time received, then hash; and the web app's default
// view (verified=only) leaves out orders of tokens the TokenRegistry does not list.

const { t, app } = useChainApp();

/** The order with a salt for which its hash starts with 0x0000 (16 bits: ~65,000 hashes). */
function groundForLowHash(order: Order): Order {
  for (let salt = BigInt(Date.now()) * 1_000_000n; ; salt++) {
    const candidate = { ...order, salt: salt.toString() };
    if (hashOrder(candidate).startsWith('0x0000')) return candidate;
  }
}

/** A signed order of `maker` selling `makerToken` for WETH, its hash ground to 0x0000…. */
async function groundOrder(maker: number, makerToken: Address, amount: bigint): Promise<SignedOrder> {
  const fair = await createSignedOrder({
    deployment: t.chain.deployment,
    makerPrivateKey: t.key(maker),
    makerToken,
    takerToken: t.token('WETH').address,
    makerAmount: amount,
    takerAmount: amount,
  });
  const { ecSignature: _, ...order } = fair;
  return signOrder(groundForLowHash(order), t.key(maker));
}

const post = (order: SignedOrder) => app.inject({ method: 'POST', url: '/order/new', payload: order });
const page = async (query = '') => orderListResponseSchema.parse((await app.inject(`/order${query}`)).json());

describe('the front page', () => {
  let fair: SignedOrder;
  let ground: SignedOrder;
  let junk: SignedOrder;

  test('a hash-ground order posted after a fair one at the same makerFee comes after it', async () => {
    fair = await createSignedOrder({
      deployment: t.chain.deployment,
      makerPrivateKey: t.key(1),
      makerToken: t.token('REP').address,
      takerToken: t.token('WETH').address,
      makerAmount: 10n ** 18n,
      takerAmount: 10n ** 18n,
    });
    expect((await post(fair)).statusCode).toBe(201);
    ground = await groundOrder(2, t.token('REP').address, 10n ** 18n);
    expect(hashOrder(ground)).toMatch(/^0x0000/);
    expect(hashOrder(fair) > hashOrder(ground)).toBe(true);
    expect((await post(ground)).statusCode).toBe(201);

    const front = await page();
    expect(front.orders.map((o) => o.orderHash)).toEqual([hashOrder(fair), hashOrder(ground)]);
    // Paging by cursor keeps that order: the ground order is the second page of one.
    const first = await page('?per_page=1');
    expect(first.orders[0]?.orderHash).toBe(hashOrder(fair));
    const second = await page(`?per_page=1&cursor=${first.nextCursor}`);
    expect(second.orders[0]?.orderHash).toBe(hashOrder(ground));
    // A descending sort is the exact reverse.
    const reversed = await page('?direction=desc');
    expect(reversed.orders.map((o) => o.orderHash)).toEqual([hashOrder(ground), hashOrder(fair)]);
  });

  test("an unverified token's order is left out of verified=only and listed otherwise", async () => {
    const token = await t.deployToken('Junk Token', 'JUNK', 18);
    const added = await app.inject({
      method: 'POST',
      url: '/token/new',
      payload: { address: token, name: 'Junk Token', symbol: 'JUNK', decimals: 18 },
    });
    expect(added.statusCode, added.body).toBe(201);
    await t.approve(0, token, 10n ** 24n);
    junk = await groundOrder(0, token, 10n ** 18n);
    const posted = await post(junk);
    expect(posted.statusCode, posted.body).toBe(201);

    const verified = await page('?verified=only');
    expect(verified.orders.map((o) => o.orderHash)).toEqual([hashOrder(fair), hashOrder(ground)]);
    expect(verified.total).toBe(2);
    const all = await page('?verified=all');
    expect(all.total).toBe(3);
    expect(all.orders.map((o) => o.orderHash)).toContain(hashOrder(junk));
    // The API's default is every token: the web app asks for verified=only.
    expect((await page()).total).toBe(3);
    // With a token filter too: the junk token's own orders, none of them verified.
    expect((await page(`?tokenAddress=${token}&verified=only`)).total).toBe(0);
    expect((await page(`?tokenAddress=${token}`)).total).toBe(1);
  });

  test('verified=only reads the same from the database (history states) as from the read model', async () => {
    const history = await page('?state=open,unfunded&verified=only');
    expect(history.orders.map((o) => o.orderHash)).toEqual([hashOrder(fair), hashOrder(ground)]);
    expect((await page('?state=open,unfunded')).total).toBe(3);
  });

  test('a verified value other than only or all is a 400 naming the parameter', async () => {
    for (const value of ['yes', 'ONLY', '', 'true']) {
      const response = await app.inject(`/order?verified=${value}`);
      expect(response.statusCode, value).toBe(400);
      const body = errorResponseSchema.parse(response.json());
      expect(body.validationErrors).toContainEqual(
        expect.objectContaining({ field: 'verified', code: 1006 }),
      );
    }
  });
});
