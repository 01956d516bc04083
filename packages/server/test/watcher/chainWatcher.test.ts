import { exchangeArtifact, tokenRegistryArtifact, weth9Artifact } from '@relayer/contracts';
import { createSignedOrder } from '@relayer/devchain';
import { orderToContractArgs, type SignedOrder } from '@relayer/protocol';
import { type Address, erc20Abi, type Hex } from 'viem';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createChainClient } from '../../src/chain/createChainClient.js';
import { createChainReader } from '../../src/chain/createChainReader.js';
import type { Database } from '../../src/db/Database.js';
import { migrate } from '../../src/db/migrate.js';
import { openDatabase } from '../../src/db/openDatabase.js';
import type { ChainWatcher } from '../../src/watcher/createChainWatcher.js';
import { postgresUnavailableReason, startPostgres, type TestPostgres } from '../helpers/startPostgres.js';
import { startRpcProxy } from './startRpcProxy.js';
import { fastWatcher, startWatcherHarness, type WatcherHarness, waitFor } from './watcherHarness.js';

const E18 = 10n ** 18n;
const MAKER = 1;
const TAKER = 2;
const OUTSIDER = 4;

let h: WatcherHarness;
let snapshot: Hex;
const running: ChainWatcher[] = [];

beforeAll(async () => {
  h = await startWatcherHarness();
}, 60_000);
afterAll(async () => {
  await h?.stop();
});
beforeEach(async () => {
  snapshot = (await h.rpc('evm_snapshot')) as Hex;
  h.seen.length = 0;
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((w) => w.stop()));
  await h.rpc('evm_revert', [snapshot]);
  // Each test starts a watcher afresh at the (reverted) head.
  await h.db.query('DELETE FROM orders');
  await h.db.query('DELETE FROM watcher_state');
  await h.db.query('DELETE FROM watcher_blocks');
  await h.db.query('DELETE FROM watcher_touched');
});

const account = (index: number) => h.chain.accounts[index] as { address: Address; privateKey: Hex };

async function makeOrder(
  options: { makerToken?: Address; makerAmount?: bigint; takerAmount?: bigint; expiresInSec?: number } = {},
) {
  return createSignedOrder({
    deployment: h.chain.deployment,
    makerPrivateKey: account(MAKER).privateKey,
    makerToken: options.makerToken ?? h.token('REP'),
    takerToken: h.chain.deployment.weth,
    makerAmount: options.makerAmount ?? 10n * E18,
    takerAmount: options.takerAmount ?? 2n * E18,
    ...(options.expiresInSec ? { expiresInSec: options.expiresInSec } : {}),
  });
}

async function startWatcher(overrides: Parameters<WatcherHarness['watch']>[0] = {}) {
  const watcher = h.watch(overrides);
  running.push(watcher);
  watcher.start();
  await waitFor(() => watcher.status().processedBlock !== null, 10_000, 'the watcher to start at the head');
  return watcher;
}

async function fill(order: SignedOrder, takerAmount: bigint) {
  const { orderAddresses, orderValues } = orderToContractArgs(order);
  const { v, r, s } = order.ecSignature;
  return h.send(TAKER, {
    address: h.chain.deployment.exchange,
    abi: exchangeArtifact.abi,
    functionName: 'fillOrder',
    args: [orderAddresses, orderValues, takerAmount, false, v, r, s],
  });
}

const eventFor = (hash: string, type: string) =>
  h.seen.find((e) => e.type === type && 'orderHash' in e && e.orderHash === hash);

describe('chain watcher', () => {
  test('starts at the head on its first run and imports the token registry as verified', async () => {
    const watcher = await startWatcher();
    const head = await h.client.getBlockNumber({ cacheTime: 0 });
    expect(watcher.status()).toMatchObject({
      isLeader: true,
      healthy: true,
      lastError: null,
      processedBlock: Number(head),
    });
    const tokens = await h.db.query<{ symbol: string; verified: boolean }>(
      'SELECT symbol, verified FROM tokens ORDER BY symbol',
    );
    expect(tokens.map((t) => t.symbol)).toEqual(expect.arrayContaining(['ZRX', 'WETH', 'REP', 'MKR']));
    expect(tokens.every((t) => t.verified)).toBe(true);
  });

  test('a partial fill updates the remaining amounts and publishes updated', async () => {
    const order = await makeOrder();
    const hash = await h.storeOrder(order);
    await startWatcher();
    await fill(order, E18 / 2n);
    const row = await waitFor(async () => {
      const r = await h.orderRow(hash);
      return r?.filled_taker === (E18 / 2n).toString() && r;
    });
    expect(row).toMatchObject({
      state: 'open',
      fillable_taker: ((3n * E18) / 2n).toString(),
      fillable_maker: ((15n * E18) / 2n).toString(),
    });
    expect(eventFor(hash, 'updated')).toMatchObject({
      state: 'open',
      network: 'main',
      makerTokenAddress: order.makerTokenAddress,
      remainingTakerTokenAmount: ((3n * E18) / 2n).toString(),
      remainingMakerTokenAmount: ((15n * E18) / 2n).toString(),
      fillableTakerTokenAmount: ((3n * E18) / 2n).toString(),
    });
  });

  test('a full fill removes the order from the book as filled, still queryable by hash', async () => {
    const order = await makeOrder();
    const hash = await h.storeOrder(order);
    await startWatcher();
    await fill(order, 2n * E18);
    const row = await waitFor(async () => {
      const r = await h.orderRow(hash);
      return r?.state === 'filled' && r;
    });
    expect(row).toMatchObject({ filled_taker: (2n * E18).toString(), fillable_taker: '0' });
    expect(eventFor(hash, 'removed')).toMatchObject({
      state: 'filled',
      takerTokenAddress: h.chain.deployment.weth,
    });
  });

  test('a cancel removes the order as cancelled', async () => {
    const order = await makeOrder();
    const hash = await h.storeOrder(order);
    await startWatcher();
    const { orderAddresses, orderValues } = orderToContractArgs(order);
    await h.send(MAKER, {
      address: h.chain.deployment.exchange,
      abi: exchangeArtifact.abi,
      functionName: 'cancelOrder',
      args: [orderAddresses, orderValues, 2n * E18],
    });
    await waitFor(async () => (await h.orderRow(hash))?.state === 'cancelled');
    expect((await h.orderRow(hash))?.cancelled_taker).toBe((2n * E18).toString());
    expect(eventFor(hash, 'removed')).toMatchObject({ state: 'cancelled' });
  });

  test('the expiry sweep expires orders once now + margin reaches their expiration', async () => {
    const soon = await makeOrder({ expiresInSec: 120 });
    const later = await makeOrder({ expiresInSec: 3600 });
    const soonHash = await h.storeOrder(soon);
    const laterHash = await h.storeOrder(later);
    let now = Date.now();
    await startWatcher({ now: () => now, expiryMarginSec: 30 });
    expect((await h.orderRow(soonHash))?.state).toBe('open');
    now = Number(soon.expirationUnixTimestampSec) * 1000 - 30_000;
    await waitFor(async () => (await h.orderRow(soonHash))?.state === 'expired');
    expect(eventFor(soonHash, 'removed')).toMatchObject({ state: 'expired' });
    expect((await h.orderRow(laterHash))?.state).toBe('open');
    expect(eventFor(laterHash, 'removed')).toBeUndefined();
  });

  test('a maker moving his tokens away unfunds the order, and moving them back re-opens it', async () => {
    const order = await makeOrder();
    const hash = await h.storeOrder(order);
    await startWatcher();
    const rep = h.token('REP');
    const balance = await h.balanceOf(rep, account(MAKER).address);
    await h.send(MAKER, {
      address: rep,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [account(OUTSIDER).address, balance],
    });
    await waitFor(async () => (await h.orderRow(hash))?.state === 'unfunded');
    expect(eventFor(hash, 'removed')).toMatchObject({ state: 'unfunded' });
    expect((await h.orderRow(hash))?.fillable_taker).toBe('0');

    await h.send(OUTSIDER, {
      address: rep,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [account(MAKER).address, 5n * E18],
    });
    const row = await waitFor(async () => {
      const r = await h.orderRow(hash);
      return r?.state === 'open' && r;
    });
    expect(row.fillable_maker).toBe((5n * E18).toString());
    expect(eventFor(hash, 'updated')).toMatchObject({
      state: 'open',
      fillableMakerTokenAmount: (5n * E18).toString(),
    });
  });

  test('revoking the proxy allowance unfunds the order', async () => {
    const order = await makeOrder();
    const hash = await h.storeOrder(order);
    await startWatcher();
    await h.send(MAKER, {
      address: h.token('REP'),
      abi: erc20Abi,
      functionName: 'approve',
      args: [h.chain.deployment.tokenTransferProxy, 0n],
    });
    await waitFor(async () => (await h.orderRow(hash))?.state === 'unfunded');
    expect(eventFor(hash, 'removed')).toMatchObject({ state: 'unfunded' });
  });

  test('unwrapping all WETH unfunds a WETH order', async () => {
    const weth = h.chain.deployment.weth;
    const order = await createSignedOrder({
      deployment: h.chain.deployment,
      makerPrivateKey: account(MAKER).privateKey,
      makerToken: weth,
      takerToken: h.token('REP'),
      makerAmount: E18,
      takerAmount: 5n * E18,
    });
    const hash = await h.storeOrder(order);
    expect((await h.orderRow(hash))?.state).toBe('open');
    await startWatcher();
    const balance = await h.balanceOf(weth, account(MAKER).address);
    await h.send(MAKER, { address: weth, abi: weth9Artifact.abi, functionName: 'withdraw', args: [balance] });
    await waitFor(async () => (await h.orderRow(hash))?.state === 'unfunded');
    expect(eventFor(hash, 'removed')).toMatchObject({ state: 'unfunded' });
  });

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

  test('token registry additions and removals are mirrored into the tokens table', async () => {
    await startWatcher();
    const registry = h.chain.deployment.tokenRegistry;
    const newToken = '0x00000000000000000000000000000000000000aa';
    const add = { address: registry, abi: tokenRegistryArtifact.abi };
    await h.send(0, {
      ...add,
      functionName: 'addToken',
      args: [newToken, 'Test Token', 'TST', 12, '0x', '0x'],
    });
    const added = await waitFor(
      async () =>
        (
          await h.db.query<{ verified: boolean; decimals: number; name: string }>(
            'SELECT verified, decimals, name FROM tokens WHERE network = $1 AND address = $2',
            ['main', newToken],
          )
        )[0],
    );
    expect(added).toMatchObject({ verified: true, decimals: 12, name: 'Test Token' });

    const addresses = (await h.client.readContract({
      ...add,
      functionName: 'getTokenAddresses',
    })) as Address[];
    const index = addresses.findIndex((a) => a.toLowerCase() === newToken);
    await h.send(0, { ...add, functionName: 'removeToken', args: [newToken, BigInt(index)] });
    await waitFor(async () => {
      const [row] = await h.db.query<{ verified: boolean }>(
        'SELECT verified FROM tokens WHERE network = $1 AND address = $2',
        ['main', newToken],
      );
      return row?.verified === false;
    });
  });

  test('only one of two watchers on one database leads, and the other takes over when it stops', async () => {
    const order = await makeOrder();
    const hash = await h.storeOrder(order);
    const a = await startWatcher();
    const b = h.watch();
    running.push(b);
    b.start();
    await waitFor(() => b.status().processedBlock !== null && b.status().headBlock !== null);
    expect([a.status().isLeader, b.status().isLeader]).toEqual([true, false]);
    expect(b.status().processedBlock).toBe(a.status().processedBlock);

    await a.stop();
    await waitFor(() => b.status().isLeader, 5_000, 'the follower to take over');
    await fill(order, 2n * E18);
    await waitFor(async () => (await h.orderRow(hash))?.state === 'filled');
    expect(a.status().isLeader).toBe(false);
  });

  test('an RPC outage makes the watcher unhealthy without stopping it, and it recovers by itself', async () => {
    const proxy = await startRpcProxy(h.chain.rpcUrl);
    try {
      const network = { ...h.network, rpcUrl: proxy.url };
      const client = createChainClient(network, { timeoutMs: 500 });
      const reader = createChainReader({ client, addresses: network.addresses });
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

const postgresMissing = postgresUnavailableReason();
if (postgresMissing)
  console.warn(`\n!!! chain watcher leader tests on PostgreSQL SKIPPED: ${postgresMissing}\n`);

describe.skipIf(postgresMissing)('chain watcher leadership on a real PostgreSQL', () => {
  let server: TestPostgres;
  let first: Database;
  let second: Database;
  let admin: Database;
  let counter = 0;

  beforeAll(async () => {
    server = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });
  beforeEach(async () => {
    counter += 1;
    const url = await server.createDatabase(`watcher_${counter}`);
    first = await openDatabase({ url, dataDir: 'unused' });
    second = await openDatabase({ url, dataDir: 'unused' });
    admin = await openDatabase({ url, dataDir: 'unused' });
    await migrate(first);
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((w) => w.stop()));
    await Promise.all([first, second, admin].map((db) => db.close().catch(() => {})));
  });

  const start = (db: Database) => {
    const watcher = h.watch({ db });
    running.push(watcher);
    watcher.start();
    return watcher;
  };

  test('two instances: one leads; when its connection dies the other takes over and applies events', async () => {
    const order = await makeOrder();
    const hash = await h.storeOrder(order, Date.now(), admin);
    const a = start(first);
    await waitFor(() => a.status().isLeader && a.status().processedBlock !== null, 10_000, 'a first leader');
    const b = start(second);
    await waitFor(() => b.status().processedBlock !== null, 10_000, 'the follower to report');
    expect(b.status().isLeader).toBe(false);

    // The leader's process "dies": its sessions end, and PostgreSQL frees its advisory lock.
    await first.close();
    await waitFor(() => b.status().isLeader, 10_000, 'the follower to take over');
    await fill(order, 2n * E18);
    await waitFor(
      async () => (await h.orderRow(hash, admin))?.state === 'filled',
      10_000,
      'the new leader to apply the fill',
    );
    expect(eventFor(hash, 'removed')).toMatchObject({ state: 'filled' });
  });

  test('a leader whose lock session was cut steps down instead of writing beside the new leader', async () => {
    const order = await makeOrder();
    const hash = await h.storeOrder(order, Date.now(), admin);
    const a = start(first);
    await waitFor(() => a.status().isLeader && a.status().processedBlock !== null, 10_000, 'a first leader');
    const b = start(second);
    await waitFor(() => b.status().processedBlock !== null, 10_000, 'the follower to report');

    // Cut only the lock's session: the old leader's pool still works and it does not know.
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND granted`,
    );
    await waitFor(() => b.status().isLeader, 10_000, 'the follower to take the free lock');
    await fill(order, E18);
    await waitFor(() => !a.status().isLeader, 10_000, 'the fenced-off leader to step down');
    await waitFor(async () => (await h.orderRow(hash, admin))?.filled_taker === E18.toString());
    const [state] = await admin.query<{ leader: string }>('SELECT leader FROM watcher_state');
    expect(state?.leader).toEqual(expect.any(String));
    expect([a.status().isLeader, b.status().isLeader]).toEqual([false, true]);
  });
});
