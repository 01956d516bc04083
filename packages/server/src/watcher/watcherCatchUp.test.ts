import { type Address, numberToHex } from 'viem';
import { afterEach, describe, expect, test } from 'vitest';
import { fakeHash, insertFakeOrders } from '../../test/helpers/fakeOrders.js';
import { type RecordedCall, startRefusingRpcProxy } from '../../test/helpers/startRefusingRpcProxy.js';
import { fastWatcher, waitFor, watcherDeps } from '../../test/helpers/watcherHarness.js';
import { E18, useWatcherTestKit } from '../../test/helpers/watcherTestKit.js';
import { MAX_LOG_ADDRESSES } from './fetchWatchedLogs.js';

const kit = useWatcherTestKit();
const { h, makeOrder, startWatcher, fill, eventFor } = kit;

const proxies: Awaited<ReturnType<typeof startRefusingRpcProxy>>[] = [];
afterEach(async () => {
  // This hook runs before the kit's: stop the watchers before their node goes away.
  await Promise.all(kit.running.splice(0).map((w) => w.stop()));
  await Promise.all(proxies.splice(0).map((p) => p.close()));
});

/** A proxy in front of the dev chain, and the client and reader a watcher uses through it. */
async function throughProxy() {
  const proxy = await startRefusingRpcProxy(h.chain.rpcUrl);
  proxies.push(proxy);
  return { proxy, deps: watcherDeps({ ...h.network, rpcUrl: proxy.url }) };
}

/**
 * A watcher that applied the head, then stopped; 20 blocks later, with a full fill of `order` in the
 * middle of them, the chain is where a restarted watcher has to catch up from.
 */
async function missTwentyBlocksWithAFill() {
  const order = await makeOrder();
  const hash = await h.storeOrder(order);
  const first = await startWatcher();
  await first.stop();
  await h.rpc('anvil_mine', ['0x9']);
  await fill(order, 2n * E18);
  await h.rpc('anvil_mine', ['0xa']);
  const head = Number(await h.client.getBlockNumber({ cacheTime: 0 }));
  return { hash, head };
}

const blockOf = (call: RecordedCall) => call.params[1];
const logSpan = (call: RecordedCall) => {
  const filter = call.params[0] as { fromBlock: string; toBlock: string };
  return Number(BigInt(filter.toBlock) - BigInt(filter.fromBlock)) + 1;
};

describe('catch-up against a node that pruned old state', () => {
  test.each([
    [
      'geth',
      'missing trie node 9f1c0e5e4c9e2b9bd2c3b0e8b7fae1d1d6c5b4a3928170f6e5d4c3b2a1908f7e (path ) <nil>',
    ],
    ['a lagging or pruned backend', 'header not found'],
    ['geth with reexec', 'required historical state unavailable (reexec=128)'],
  ])('(%s) re-reads orders at the latest block instead of retrying for ever', async (_name, message) => {
    const { hash, head } = await missTwentyBlocksWithAFill();
    const { proxy, deps } = await throughProxy();
    // The node keeps state only for its head block: every read pinned to an older one is refused.
    proxy.setRefuse((call) => {
      const block = blockOf(call);
      return call.method === 'eth_call' &&
        typeof block === 'string' &&
        block.startsWith('0x') &&
        Number(block) < head
        ? { code: -32000, message }
        : undefined;
    });
    const watcher = await startWatcher({ ...deps, options: { ...fastWatcher, maxBlockRange: 8 } });
    await waitFor(async () => (await h.orderRow(hash))?.state === 'filled', 10_000, 'the missed fill');
    await waitFor(() => watcher.status().processedBlock === head);
    expect(watcher.status()).toMatchObject({ healthy: true, lastError: null });
    expect(proxy.calls.filter((c) => c.refused).length).toBeGreaterThan(0);
    expect(eventFor(hash, 'removed')).toMatchObject({ state: 'filled' });
    // The row records the block its state was read at: the head, not the refused range end.
    const [row] = await h.db.query<{ validated_block: string }>(
      'SELECT validated_block::text FROM orders WHERE hash = $1',
      [hash],
    );
    expect(Number(row?.validated_block)).toBe(head);
  });
});

describe('catch-up against a node that refuses wide eth_getLogs', () => {
  const MAX_SPAN = 3;
  const hint = (from: bigint) => `[${numberToHex(from)}, ${numberToHex(from + BigInt(MAX_SPAN) - 1n)}]`;
  test.each([
    [
      'geth / Infura',
      -32005,
      (from: bigint) => `query returned more than 10000 results. Try with this block range ${hint(from)}.`,
    ],
    [
      'Alchemy',
      -32602,
      (from: bigint) =>
        `Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range and no limit on the response size, or you can request any block range with a cap of 10K logs in the response. Based on your parameters, this block range should work: ${hint(from)}`,
    ],
    ['BSC / Ankr', -32000, () => `exceed maximum block range: ${MAX_SPAN}`],
    ['a plain refusal', -32000, () => 'block range is too large'],
    ['a result cap without a hint', -32005, () => 'query returned more than 10000 results'],
  ])(
    '(%s) shrinks the range until the node answers, and applies every block',
    async (_name, code, message) => {
      const { hash, head } = await missTwentyBlocksWithAFill();
      const { proxy, deps } = await throughProxy();
      proxy.setRefuse((call) => {
        if (call.method !== 'eth_getLogs') return undefined;
        const from = BigInt((call.params[0] as { fromBlock: string }).fromBlock);
        return logSpan(call) > MAX_SPAN ? { code, message: message(from) } : undefined;
      });
      const watcher = await startWatcher({ ...deps, options: { ...fastWatcher, maxBlockRange: 50 } });
      await waitFor(async () => (await h.orderRow(hash))?.state === 'filled', 10_000, 'the missed fill');
      await waitFor(() => watcher.status().processedBlock === head);
      expect(watcher.status()).toMatchObject({ healthy: true, lastError: null });
      const logCalls = proxy.calls.filter((c) => c.method === 'eth_getLogs');
      expect(logCalls.filter((c) => c.refused).length).toBeGreaterThan(0);
      expect(Math.max(...logCalls.filter((c) => !c.refused).map(logSpan))).toBeLessThanOrEqual(MAX_SPAN);
    },
  );
});

describe('log filters stay bounded however many makers and tokens the book has', () => {
  test('hundreds of makers and tokens: every eth_getLogs names at most 100 addresses, and funds are still followed', async () => {
    const order = await makeOrder();
    const hash = await h.storeOrder(order);
    const head = await h.client.getBlockNumber({ cacheTime: 0 });
    // 600 more makers over 250 more maker tokens, validated at the head (nothing to re-read).
    await insertFakeOrders(
      h.db,
      'main',
      Array.from({ length: 600 }, (_, i) => ({
        hash: fakeHash(`bounded:${i}`),
        maker: `0x${(i + 1).toString(16).padStart(40, 'e')}`,
        makerToken: `0x${(i % 250).toString(16).padStart(40, 'f')}`,
        validatedBlock: head.toString(),
      })),
    );
    const { proxy, deps } = await throughProxy();
    // Some providers cap the addresses of one filter.
    proxy.setRefuse((call) => {
      const address = (call.params[0] as { address?: unknown } | undefined)?.address;
      return call.method === 'eth_getLogs' && Array.isArray(address) && address.length > MAX_LOG_ADDRESSES
        ? { code: -32602, message: `too many addresses in filter: ${address.length} > ${MAX_LOG_ADDRESSES}` }
        : undefined;
    });
    const watcher = await startWatcher(deps);

    await kit.emptyMakerBalance(h.token('REP'));
    await waitFor(
      async () => (await h.orderRow(hash))?.state === 'unfunded',
      10_000,
      'the order to be unfunded',
    );
    expect(watcher.status()).toMatchObject({ healthy: true, lastError: null });
    const logCalls = proxy.calls.filter((c) => c.method === 'eth_getLogs');
    expect(logCalls.filter((c) => c.refused)).toEqual([]);
    const addressCounts = logCalls.map((c) => {
      const address = (c.params[0] as { address: Address | Address[] }).address;
      return Array.isArray(address) ? address.length : 1;
    });
    expect(Math.max(...addressCounts)).toBeLessThanOrEqual(MAX_LOG_ADDRESSES);
    // 253 tokens (250 + REP, ZRX, WETH) need three requests per range.
    expect(addressCounts.filter((n) => n > 1).length).toBeGreaterThanOrEqual(3);
  });
});
