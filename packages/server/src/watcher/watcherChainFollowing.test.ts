import type { Hex } from 'viem';
import { describe, expect, test } from 'vitest';
import { startRpcProxy } from '../../test/helpers/startRpcProxy.js';
import { fastWatcher, waitFor, watcherDeps } from '../../test/helpers/watcherHarness.js';
import { E18, useWatcherTestKit } from '../../test/helpers/watcherTestKit.js';

const kit = useWatcherTestKit();
const { h, makeOrder, startWatcher, fill, eventFor } = kit;

describe('chain watcher: restarts, confirmations, re-orgs and outages', () => {
  test('after a restart the watcher catches up from the persisted cursor, range by range', async () => {
    const order = await makeOrder();
    const hash = await h.storeOrder(order);
    const first = await startWatcher();
    const stoppedAt = Number(first.status().processedBlock);
    await first.stop();
    await h.rpc('anvil_mine', ['0x9']);
    await fill(order, 2n * E18);
    await h.rpc('anvil_mine', ['0xa']);
    expect((await h.orderRow(hash))?.state).toBe('open');

    // 20 blocks to catch up in ranges of 8, remembering only the last 3 block hashes.
    const second = await startWatcher({ options: { ...fastWatcher, maxBlockRange: 8, reorgDepth: 3 } });
    await waitFor(async () => (await h.orderRow(hash))?.state === 'filled');
    const head = Number(await h.client.getBlockNumber({ cacheTime: 0 }));
    expect(head - stoppedAt).toBeGreaterThan(16);
    await waitFor(() => second.status().processedBlock === head);
    expect(eventFor(hash, 'removed')).toMatchObject({ state: 'filled' });
    const remembered = await h.db.query<{ block_number: string }>(
      'SELECT block_number::text FROM watcher_blocks ORDER BY 1',
    );
    expect(remembered.map((b) => Number(b.block_number))).toEqual([head - 2, head - 1, head]);
  });

  test('events wait for the configured confirmations', async () => {
    const order = await makeOrder();
    const hash = await h.storeOrder(order);
    const watcher = await startWatcher({ options: { ...fastWatcher, confirmations: 2 } });
    const head = Number(await h.client.getBlockNumber({ cacheTime: 0 }));
    expect(watcher.status().processedBlock).toBe(head - 2);
    await fill(order, 2n * E18);
    await waitFor(() => watcher.status().processedBlock === head - 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await h.orderRow(hash))?.state).toBe('open');
    await h.rpc('anvil_mine', ['0x2']);
    await waitFor(async () => (await h.orderRow(hash))?.state === 'filled');
    expect(watcher.status().processedBlock).toBe(head + 1);
  });

  test('a re-org that orphans a fill re-opens the order and follows the new chain', async () => {
    const order = await makeOrder();
    // Accepted long ago: only the watcher's record of what the orphaned blocks touched can find it.
    const hash = await h.storeOrder(order, Date.now() - 3_600_000);
    const watcher = await startWatcher();
    const beforeFill = (await h.rpc('evm_snapshot')) as Hex;
    await fill(order, 2n * E18);
    await waitFor(async () => (await h.orderRow(hash))?.state === 'filled');
    const orphanedHead = watcher.status().processedBlock;

    await h.rpc('evm_revert', [beforeFill]);
    await h.rpc('anvil_mine', ['0x2']);
    await waitFor(async () => (await h.orderRow(hash))?.state === 'open', 10_000, 'the order to re-open');
    expect(eventFor(hash, 'updated')).toMatchObject({
      state: 'open',
      remainingTakerTokenAmount: (2n * E18).toString(),
    });
    expect((await h.orderRow(hash))?.filled_taker).toBe('0');

    // The cursor ends on the new chain, not the orphaned one.
    const head = await h.client.getBlock({ blockTag: 'latest' });
    await waitFor(() => watcher.status().processedBlock === Number(head.number));
    const [state] = await h.db.query<{ block_hash: string }>(
      'SELECT block_hash FROM watcher_state WHERE network = $1',
      ['main'],
    );
    expect(state?.block_hash).toBe(head.hash);
    expect(Number(head.number)).toBeGreaterThan(Number(orphanedHead));

    // And it keeps applying the new chain's events.
    await fill(order, E18);
    await waitFor(async () => (await h.orderRow(hash))?.filled_taker === E18.toString());
  });

  test('a same-height re-org is caught by the cursor block hash', async () => {
    const order = await makeOrder();
    const hash = await h.storeOrder(order, Date.now() - 3_600_000);
    const watcher = await startWatcher();
    const beforeFill = (await h.rpc('evm_snapshot')) as Hex;
    await fill(order, E18);
    await waitFor(async () => (await h.orderRow(hash))?.filled_taker === E18.toString());
    const filledAt = watcher.status().processedBlock;
    await h.rpc('evm_revert', [beforeFill]);
    await h.rpc('anvil_mine', ['0x1']);
    expect(Number(await h.client.getBlockNumber({ cacheTime: 0 }))).toBe(filledAt);
    await waitFor(
      async () => (await h.orderRow(hash))?.filled_taker === '0',
      10_000,
      'the orphaned fill to be undone',
    );
    expect((await h.orderRow(hash))?.state).toBe('open');
  });

  test('an RPC outage makes the watcher unhealthy without stopping it, and it recovers by itself', async () => {
    const proxy = await startRpcProxy(h.chain.rpcUrl);
    try {
      const { network, client, reader } = watcherDeps({ ...h.network, rpcUrl: proxy.url }, 500);
      const order = await makeOrder();
      const hash = await h.storeOrder(order);
      const watcher = await startWatcher({ network, client, reader });

      proxy.setDown(true);
      await waitFor(() => !watcher.status().healthy, 5_000, 'the watcher to notice the outage');
      expect(watcher.status().lastError).toEqual(expect.any(String));
      await fill(order, 2n * E18);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await h.orderRow(hash))?.state).toBe('open');

      proxy.setDown(false);
      await waitFor(
        async () => (await h.orderRow(hash))?.state === 'filled',
        10_000,
        'the missed fill after recovery',
      );
      await waitFor(() => watcher.status().healthy);
      expect(watcher.status()).toMatchObject({ healthy: true, lastError: null, isLeader: true });
    } finally {
      await proxy.close();
    }
  });
});
