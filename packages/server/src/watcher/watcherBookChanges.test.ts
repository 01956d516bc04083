import { tokenRegistryArtifact, weth9Artifact } from '@relayer/contracts';
import { createSignedOrder } from '@relayer/devchain';
import { type Address, erc20Abi } from 'viem';
import { describe, expect, test } from 'vitest';
import { waitFor } from '../../test/helpers/watcherHarness.js';
import { E18, MAKER, OUTSIDER, useWatcherTestKit } from '../../test/helpers/watcherTestKit.js';

const kit = useWatcherTestKit();
const { h, account, makeOrder, startWatcher, fill, cancel, eventFor } = kit;

describe('chain watcher: the book follows the chain', () => {
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
    await cancel(order, 2n * E18);
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
    await kit.emptyMakerBalance(rep);
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
});
