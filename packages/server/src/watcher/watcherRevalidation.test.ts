import { createSignedOrder } from '@relayer/devchain';
import type { OrderListResponse } from '@relayer/protocol';
import { type Address, type Hex, numberToHex, pad } from 'viem';
import { describe, expect, test } from 'vitest';
import { fastWatcher, waitFor } from '../../test/helpers/watcherHarness.js';
import { E18, MAKER, TAKER, useWatcherTestKit } from '../../test/helpers/watcherTestKit.js';
import { buildApp } from '../buildApp.js';
import type { ChainReader } from '../chain/createChainReader.js';
import { testConfig } from '../config.js';
import { acceptOrder } from '../orders/acceptOrder.js';

const kit = useWatcherTestKit();
const { h, account, makeOrder, startWatcher } = kit;

/**
 * Sets `owner`'s balance of a devchain token straight in storage: no Transfer event, as with a rebasing
 * or fee-on-transfer token, a blacklist, or any balance the watcher's events cannot see. The tokens keep
 * balances at slot `2^160 | owner` (UnlimitedAllowanceToken.sol).
 */
async function setBalanceSilently(token: Address, owner: Address, value: bigint): Promise<void> {
  const slot = pad(numberToHex((1n << 160n) | BigInt(owner)), { size: 32 });
  await h.rpc('anvil_setStorageAt', [token, slot, pad(numberToHex(value), { size: 32 })]);
  // anvil applies storage edits to the pending state; a block makes them the latest state.
  await h.rpc('evm_mine');
}

describe('the re-validation sweep', () => {
  test('removes orders whose maker lost the tokens without an event, returns them when the balance comes back, and counts both in /metrics', async () => {
    const watcher = { ...fastWatcher, revalidateIntervalMs: 100, revalidateBatchSize: 2 };
    const metricsToken = 'revalidation-test-metrics-token';
    const config = testConfig({
      networks: [h.network],
      watcher,
      metrics: { host: '127.0.0.1', token: metricsToken },
    });
    const app = await buildApp(config, {
      db: h.db,
      events: h.events,
      publicClients: { main: h.client },
    });
    try {
      await app.ready();
      const rep = h.token('REP');
      await waitFor(async () =>
        (await app.inject('/token')).json().some((t: { address: string }) => t.address === rep),
      );
      for (let i = 0; i < 3; i++) {
        const response = await app.inject({ method: 'POST', url: '/order/new', payload: await makeOrder() });
        expect(response.statusCode, response.body).toBe(201);
      }
      const listed = async () =>
        ((await app.inject(`/order?makerTokenAddress=${rep}&per_page=100`)).json() as OrderListResponse)
          .total;
      expect(await listed()).toBe(3);

      const maker = account(MAKER).address;
      const balance = await h.balanceOf(rep, maker);
      await setBalanceSilently(rep, maker, 0n);
      await waitFor(async () => (await listed()) === 0, 10_000, 'the sweep to remove the unfunded orders');
      const metrics = () =>
        app
          .inject({ url: '/metrics', headers: { authorization: `Bearer ${metricsToken}` } })
          .then((r) => r.body);
      expect(await metrics()).toContain(
        'relayer_revalidation_corrected_total{network="main",state="unfunded"} 3',
      );
      expect(h.seen.filter((e) => e.type === 'removed' && e.state === 'unfunded')).toHaveLength(3);

      await setBalanceSilently(rep, maker, balance);
      await waitFor(async () => (await listed()) === 3, 10_000, 'the sweep to return the orders');
      expect(await metrics()).toContain(
        'relayer_revalidation_corrected_total{network="main",state="open"} 3',
      );
      expect(await metrics()).toMatch(/relayer_revalidation_checked_total\{network="main"\} \d+/);
    } finally {
      await app.close();
    }
  });

  test('works batch by batch: submissions and reads go on while a pass is under way', async () => {
    // The sweep asks for the latest block once per batch: hold its second batch there.
    let batches = 0;
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const reader: ChainReader = {
      ...h.reader,
      async getBlockNumber() {
        batches += 1;
        if (batches === 2) await released;
        return h.reader.getBlockNumber();
      },
    };
    // The watcher's clock decides when a pass is due: none before the test moves it a minute on.
    let offsetMs = 0;
    const watcher = await startWatcher({
      reader,
      now: () => Date.now() + offsetMs,
      options: { ...fastWatcher, revalidateIntervalMs: 60_000, revalidateBatchSize: 2 },
    });
    const orders: string[] = [];
    for (let i = 0; i < 4; i++) orders.push(await h.storeOrder(await makeOrder()));
    orders.sort();
    const rep = h.token('REP');
    await setBalanceSilently(rep, account(MAKER).address, 0n);
    await waitFor(
      async () => watcher.status().processedBlock === Number(await h.client.getBlockNumber({ cacheTime: 0 })),
    );
    expect(batches).toBe(0);
    offsetMs = 61_000;
    await waitFor(() => batches >= 2, 10_000, 'the second batch of a pass');

    // Mid-pass: the first batch is written and published already...
    const states = await h.db.query<{ state: string }>(
      `SELECT state FROM orders WHERE hash = ANY($1::text[]) ORDER BY hash`,
      [orders],
    );
    expect(states.map((r) => r.state)).toEqual(['unfunded', 'unfunded', 'open', 'open']);
    // ...and an order by another maker is accepted and listed while the pass waits.
    const other = await createSignedOrder({
      deployment: h.chain.deployment,
      makerPrivateKey: account(TAKER).privateKey,
      makerToken: rep,
      takerToken: h.chain.deployment.weth,
      makerAmount: E18,
      takerAmount: E18 / 5n,
    });
    const accepted = await acceptOrder(kit.acceptance(), other);
    expect(accepted).toMatchObject({ status: 'created', order: { state: 'open' } });
    expect(watcher.status().lastRevalidation).toBeNull();

    release();
    await waitFor(() => watcher.status().lastRevalidation !== null, 10_000, 'the pass to end');
    expect(watcher.status().lastRevalidation).toMatchObject({ complete: true, corrected: 4 });
    const after = await h.db.query<{ hash: Hex; state: string }>(
      'SELECT hash, state FROM orders WHERE hash = ANY($1::text[])',
      [[...orders, accepted.order.orderHash]],
    );
    expect(Object.fromEntries(after.map((r) => [r.hash, r.state]))).toEqual({
      ...Object.fromEntries(orders.map((hash) => [hash, 'unfunded'])),
      [accepted.order.orderHash]: 'open',
    });
  });
});
