import { type OrderListResponse, orderListResponseSchema } from '@relayer/protocol';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertFakeOrders } from '../../test/helpers/fakeOrders.js';
import { insertTokens, offlineConfig } from '../../test/helpers/offlineApp.js';
import { engineTest, storageEngines } from '../../test/helpers/storageEngines.js';
import { buildApp } from '../buildApp.js';
import { BookEvents } from '../events/BookEvents.js';
import type { PriceSnapshot } from '../prices/createPriceCache.js';
import { createSortInputs } from '../prices/createSortInputs.js';

// Three tokens with different decimals, priced by the relayer's static example prices: MKR $1500 and
// USDC $1 (verified, so their registry symbols' markets), FAKE unverified and so unpriced.
const MKR = `0x${'a1'.repeat(20)}` as const;
const USDC = `0x${'b2'.repeat(20)}` as const;
const FAKE = `0x${'c3'.repeat(20)}` as const;
const E18 = 10n ** 18n;

describe.each(storageEngines())('GET /order sorted by derived keys on $name', (engine) => {
  // Registered (as skipped) without PostgreSQL, never left out: a missing engine shows in the report.
  const test = engineTest(engine);
  let app: FastifyInstance;
  const label = new Map<string, string>();

  beforeAll(async () => {
    if (!engine.available) return;
    const db = await engine.openMigrated();
    const events = new BookEvents();
    app = await buildApp(offlineConfig(), { db, events });
    await app.ready();
    await insertTokens(db, 'main', [
      { address: MKR, name: 'Maker', symbol: 'MKR', decimals: 18 },
      { address: USDC, name: 'USD Coin', symbol: 'USDC', decimals: 6 },
      { address: FAKE, name: 'Fake', symbol: 'FAKE', decimals: 0, verified: false },
    ]);
    const orders = {
      // 2 MKR for 3000 USDC: $1500 asked per MKR.
      o1: {
        makerToken: MKR,
        takerToken: USDC,
        makerTokenAmount: `${2n * E18}`,
        takerTokenAmount: '3000000000',
      },
      // 1 MKR for 1400 USDC: $1400 per MKR. Received after o5, whose hash is the larger.
      o2: {
        makerToken: MKR,
        takerToken: USDC,
        makerTokenAmount: `${E18}`,
        takerTokenAmount: '1400000000',
        createdAt: 5000,
      },
      // 5000 USDC for 3 MKR ($4500): $0.9 per USDC.
      o3: {
        makerToken: USDC,
        takerToken: MKR,
        makerTokenAmount: '5000000000',
        takerTokenAmount: `${3n * E18}`,
      },
      // 10 FAKE for 1 USDC: $0.1 per FAKE, whose own market price is unknown.
      o4: { makerToken: FAKE, takerToken: USDC, makerTokenAmount: '10', takerTokenAmount: '1000000' },
      // 1 USDC for 100 FAKE: no asking price (FAKE has none).
      o5: {
        makerToken: USDC,
        takerToken: FAKE,
        makerTokenAmount: '1000000',
        takerTokenAmount: '100',
        createdAt: 1001,
      },
    };
    const hashes = await insertFakeOrders(db, 'main', Object.values(orders));
    // Announced as the relayer's writers announce their rows: the read model (stored sorts) reads them.
    await events.publish({ type: 'changed', network: 'main', orderHashes: hashes });
    await app.readModel?.book('main');
    for (const [i, name] of Object.keys(orders).entries()) label.set(hashes[i] ?? '', name);
  });

  afterAll(async () => {
    await app?.close();
  });

  async function page(query: string): Promise<OrderListResponse> {
    const response = await app.inject(`/order?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return orderListResponseSchema.parse(response.json());
  }

  const names = (list: OrderListResponse) => list.orders.map((o) => label.get(o.orderHash));
  /** The five orders' labels in the order of one page of ten. */
  const onePage = async (query: string) => names(await page(`${query}&per_page=10`));

  /** Every order of a sort, walked page by page with nextCursor, then back with prevCursor. */
  async function walk(query: string) {
    const forward: (string | undefined)[] = [];
    let current = await page(`${query}&per_page=2`);
    const pages = [current];
    forward.push(...names(current));
    while (current.nextCursor) {
      current = await page(`${query}&per_page=2&cursor=${current.nextCursor}`);
      pages.push(current);
      forward.push(...names(current));
    }
    const backward: (string | undefined)[] = [...names(current)];
    while (current.prevCursor) {
      current = await page(`${query}&per_page=2&cursor=${current.prevCursor}`);
      backward.unshift(...names(current));
    }
    return { forward, backward };
  }

  describe('GET /order sorted by human amounts', () => {
    test('compares amounts with each token’s decimals applied, not base units', async () => {
      const asc = await onePage('sort=makerAmount');
      // 1 USDC and 1 MKR tie: the earlier received first (o5, whose hash is the larger), then 2 MKR,
      // 10 FAKE, 5000 USDC.
      expect(asc).toEqual(['o5', 'o2', 'o1', 'o4', 'o3']);
      expect(await onePage('sort=makerAmount&direction=desc')).toEqual(['o3', 'o4', 'o1', 'o2', 'o5']);
      // By base units the order is another: 10 FAKE first, 2 MKR (2·10^18) last.
      expect(await onePage('sort=makerTokenAmount')).toEqual(['o4', 'o5', 'o3', 'o2', 'o1']);
      // 100 FAKE, 1 USDC, 3 MKR, 1400 USDC, 3000 USDC.
      expect(await onePage('sort=takerAmount&direction=desc')).toEqual(['o1', 'o2', 'o5', 'o3', 'o4']);
    });

    test('pages through the derived key with cursors, both ways, in the one-page order', async () => {
      const all = await onePage('sort=takerAmount');
      const { forward, backward } = await walk('sort=takerAmount');
      expect(forward).toEqual(all);
      expect(backward).toEqual(all);
      const byOffset = names(await page('sort=takerAmount&per_page=2&page=2'));
      expect(byOffset).toEqual(all.slice(2, 4));
    });
  });

  describe('GET /order sorted by USD prices', () => {
    test('asking price: USD asked per maker token by the relayer’s prices, unpriced orders last either way', async () => {
      expect(await onePage('sort=askingPrice')).toEqual(['o4', 'o3', 'o2', 'o1', 'o5']);
      expect(await onePage('sort=askingPrice&direction=desc')).toEqual(['o1', 'o2', 'o3', 'o4', 'o5']);
    });

    test('market price: the maker token’s USD price, the unverified FAKE (no price) last', async () => {
      const asc = await onePage('sort=marketPrice');
      expect(asc.slice(0, 2).sort()).toEqual(['o3', 'o5']);
      expect(asc.slice(2, 4).sort()).toEqual(['o1', 'o2']);
      expect(asc[4]).toBe('o4');
      expect((await onePage('sort=marketPrice&direction=desc'))[4]).toBe('o4');
    });

    test('pages through a price sort with cursors, both ways', async () => {
      for (const direction of ['asc', 'desc']) {
        const all = await onePage(`sort=askingPrice&direction=${direction}`);
        const { forward, backward } = await walk(`sort=askingPrice&direction=${direction}`);
        expect(forward).toEqual(all);
        expect(backward).toEqual(all);
      }
    });
  });
});

describe('createSortInputs', () => {
  const snapshot = (version: number, eth: string): PriceSnapshot => ({
    source: 'static',
    symbols: new Map([['ETH', { price: eth, source: 'static', asOf: null }]]),
    contracts: new Map(),
    updatedAt: null,
    stale: false,
    staleAt: null,
    at: 0,
    maxAgeMs: 900_000,
    version,
  });
  const weth = '0x871dd7c2b4b25e1aa18728e9d5f2af4c4e431f5c';
  const list = [
    { address: weth, name: 'Wrapped Ether', symbol: 'WETH', decimals: 18, verified: true },
  ] as const;

  test('scales the /rates token prices to integers, lists every token’s decimals, and moves its version only when prices change', async () => {
    let current = snapshot(1, '2500.5');
    const sortInputs = createSortInputs(
      { get: () => current },
      { list: async () => [...list] },
      { key: 'main', chainId: 50 },
    );
    const first = await sortInputs();
    expect(JSON.parse(first.prices)).toEqual({ [weth]: `25005${'0'.repeat(23)}` });
    expect(JSON.parse(first.decimals)).toEqual({ [weth]: 18 });
    current = snapshot(2, '2500.50');
    expect((await sortInputs()).version).toBe(first.version);
    current = snapshot(3, '2600');
    const changed = await sortInputs();
    expect(changed.version).not.toBe(first.version);
    expect(JSON.parse(changed.prices)).toEqual({ [weth]: `26${'0'.repeat(26)}` });
  });
});
