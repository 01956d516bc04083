import type { OrderListResponse } from '@relayer/protocol';
import { describe, expect, test } from 'vitest';
import { adminClient } from '../../test/helpers/adminClient.js';
import { fastWatcher, waitFor } from '../../test/helpers/watcherHarness.js';
import { MAKER, useWatcherTestKit } from '../../test/helpers/watcherTestKit.js';
import { buildApp } from '../buildApp.js';
import { testConfig } from '../config.js';

// What the operator's console takes out of the book (src/admin/) stays out while the chain watcher and
// the re-validation sweep read its orders as fillable: a removed maker's for good, an unlisted token's
// until it is relisted.

const kit = useWatcherTestKit();
const { h, account, makeOrder } = kit;
const METRICS_TOKEN = 'operator-removals-metrics-token';

describe('orders the operator took out', () => {
  test('stay out through re-validation passes while their makers stay funded; a relisted token brings its back', async () => {
    const watcher = { ...fastWatcher, revalidateIntervalMs: 100, revalidateBatchSize: 10 };
    // No ADMIN_TOKEN: the admin API takes the metrics token.
    const metrics = { host: '127.0.0.1', port: 0, token: METRICS_TOKEN };
    const config = testConfig({ networks: [h.network], watcher, metrics });
    const app = await buildApp(config, { db: h.db, events: h.events, publicClients: { main: h.client } });
    try {
      await app.ready();
      const admin = adminClient(app, METRICS_TOKEN);
      const rep = h.token('REP');
      await waitFor(async () =>
        (await app.inject('/token')).json().some((t: { address: string }) => t.address === rep),
      );
      const post = async () => {
        const response = await app.inject({ method: 'POST', url: '/order/new', payload: await makeOrder() });
        expect(response.statusCode, response.body).toBe(201);
        return response.json().orderHash as string;
      };
      const listed = async () =>
        ((await app.inject('/order?per_page=100')).json() as OrderListResponse).total;
      const checked = async () => {
        const text = (
          await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
        ).body;
        return Number(/relayer_revalidation_checked_total\{network="main"\} (\d+)/.exec(text)?.[1] ?? 0);
      };
      const afterPasses = async () => {
        const before = await checked();
        await waitFor(async () => (await checked()) >= before + 4, 15_000, 'two re-validation passes');
      };

      const removedHashes = [await post(), await post()];
      expect(await listed()).toBe(2);
      const maker = account(MAKER).address.toLowerCase();
      expect((await admin.post(`/admin/makers/${maker}/remove`)).body).toMatchObject({ ordersRemoved: 2 });
      expect(await listed()).toBe(0);
      await afterPasses();
      expect(await listed()).toBe(0);
      for (const hash of removedHashes)
        expect((await app.inject(`/order/${hash}`)).json()).toMatchObject({
          state: 'unfunded',
          reason: 'REMOVED_BY_OPERATOR',
        });

      const kept = await post();
      expect(await listed()).toBe(1);
      const weth = h.chain.deployment.weth.toLowerCase();
      expect((await admin.post(`/admin/tokens/${weth}/unlist`)).body).toMatchObject({ ordersRemoved: 1 });
      await afterPasses();
      expect(await listed()).toBe(0);
      expect((await app.inject(`/order/${kept}`)).json()).toMatchObject({ reason: 'TOKEN_UNLISTED' });

      expect((await admin.post(`/admin/tokens/${weth}/relist`)).body).toMatchObject({ ordersReturned: 1 });
      await afterPasses();
      const back = (await app.inject('/order?per_page=100')).json() as OrderListResponse;
      expect(back.orders.map((o) => o.orderHash)).toEqual([kept]);
    } finally {
      await app.close();
    }
  });
});
