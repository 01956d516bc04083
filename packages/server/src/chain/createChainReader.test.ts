import { exchangeArtifact } from '@relayer/contracts';
import { createSignedOrder } from '@relayer/devchain';
import { hashOrder, orderToContractArgs, RelayerError } from '@relayer/protocol';
import { type Address, type Hex, stringToHex } from 'viem';
import { describe, expect, test } from 'vitest';
import { startRpcProxy } from '../../test/helpers/startRpcProxy.js';
import { useStarted } from '../../test/helpers/useStarted.js';
import { startWatcherHarness } from '../../test/helpers/watcherHarness.js';
import { createChainClient } from './createChainClient.js';
import { createChainReader } from './createChainReader.js';

const E18 = 10n ** 18n;
const h = useStarted(startWatcherHarness, 'the watcher harness');

/** Installs raw runtime code at a fresh address (anvil_setCode): odd contracts without a compiler. */
async function installCode(address: Address, runtime: Hex) {
  await h.rpc('anvil_setCode', [address, runtime]);
  return address;
}
/** Runtime code answering every call with the same 32-byte word. */
const answerWord = (word: Hex) => `0x7f${word.slice(2)}60005260206000f3` as Hex;
/** Runtime code reverting every call. */
const REVERT_ALWAYS = '0x60006000fd' as Hex;

const maker = () => h.chain.accounts[1] as { address: Address; privateKey: Hex };
const order = (makerToken: Address, makerAmount = 10n * E18) =>
  createSignedOrder({
    deployment: h.chain.deployment,
    makerPrivateKey: maker().privateKey,
    makerToken,
    takerToken: h.chain.deployment.weth,
    makerAmount,
    takerAmount: 2n * E18,
  });

describe('createChainReader', () => {
  test('reads fill state, balances and allowances of an order at one pinned block', async () => {
    const signed = await order(h.token('REP'));
    const hash = hashOrder(signed) as Hex;
    const before = await h.reader.getOrderChainState(signed, hash);
    expect(before).toMatchObject({
      filledTakerTokenAmount: 0n,
      cancelledTakerTokenAmount: 0n,
      makerBalance: await h.balanceOf(h.token('REP'), maker().address),
      makerZrxBalance: await h.balanceOf(h.chain.deployment.zrx, maker().address),
      zrxAddress: h.chain.deployment.zrx,
    });
    expect(before.makerAllowance).toBe(2n ** 256n - 1n);

    const { orderAddresses, orderValues } = orderToContractArgs(signed);
    const { v, r, s } = signed.ecSignature;
    await h.send(2, {
      address: h.chain.deployment.exchange,
      abi: exchangeArtifact.abi,
      functionName: 'fillOrder',
      args: [orderAddresses, orderValues, E18, false, v, r, s],
    });
    const after = await h.reader.getOrderChainState(signed, hash);
    expect(after.filledTakerTokenAmount).toBe(E18);
    expect(after.makerBalance).toBe(before.makerBalance - 5n * E18);
    expect(after.blockNumber).toBeGreaterThan(before.blockNumber);
    // Pinned to the earlier block, the reads see the earlier state.
    const pinned = await h.reader.getOrderChainState(signed, hash, { blockNumber: before.blockNumber });
    expect(pinned).toEqual(before);
  });

  test('a maker token that reverts counts as no balance instead of failing the read', async () => {
    const hostile = await installCode('0x00000000000000000000000000000000000b0001', REVERT_ALWAYS);
    const signed = await order(hostile);
    const state = await h.reader.getOrderChainState(signed, hashOrder(signed) as Hex);
    expect(state).toMatchObject({ makerBalance: 0n, makerAllowance: 0n });
    expect(state.makerZrxBalance).toBeGreaterThan(0n);
  });

  test('reads token metadata of a standard ERC20', async () => {
    expect(await h.reader.readTokenMetadata(h.token('DGD'))).toEqual({
      isContract: true,
      isErc20: true,
      name: 'Digix DAO Token',
      symbol: 'DGD',
      decimals: 9,
    });
  });

  test('reads bytes32 names and symbols of old tokens and leaves out an impossible decimals', async () => {
    const word = stringToHex('Maker', { size: 32 });
    const old = await installCode('0x00000000000000000000000000000000000b0002', answerWord(word));
    expect(await h.reader.readTokenMetadata(old)).toEqual({
      isContract: true,
      isErc20: true,
      name: 'Maker',
      symbol: 'Maker',
    });
  });

  test('reports accounts and odd contracts without throwing', async () => {
    expect(await h.reader.readTokenMetadata(maker().address)).toEqual({ isContract: false, isErc20: false });
    expect(await h.reader.readTokenMetadata(h.chain.deployment.exchange)).toEqual({
      isContract: true,
      isErc20: false,
    });
    const reverting = await installCode('0x00000000000000000000000000000000000b0003', REVERT_ALWAYS);
    expect(await h.reader.readTokenMetadata(reverting)).toEqual({ isContract: true, isErc20: false });
  });

  test('lists the token registry with metadata', async () => {
    const tokens = await h.reader.getRegistryTokens();
    expect(tokens).toHaveLength(h.chain.deployment.tokens.length);
    expect(tokens).toContainEqual({
      address: h.chain.deployment.zrx,
      name: '0x Protocol Token',
      symbol: 'ZRX',
      decimals: 18,
    });
    expect(tokens).toContainEqual(expect.objectContaining({ symbol: 'USDC', decimals: 6 }));
  });

  test('every read fails with CHAIN_UNAVAILABLE when the node is unreachable', async () => {
    const dead = createChainClient({ ...h.network, rpcUrl: 'http://127.0.0.1:1' }, { timeoutMs: 500 });
    const reader = createChainReader({ client: dead, addresses: h.network.addresses });
    const signed = await order(h.token('REP'));
    // Every outcome is caught at once: the reads fail at different speeds, and one left waiting for its
    // handler while an earlier one is awaited would be an unhandled rejection.
    const errors = await Promise.all(
      [
        reader.getOrderChainState(signed, hashOrder(signed) as Hex),
        reader.readTokenMetadata(h.token('REP')),
        reader.getRegistryTokens(),
        reader.getBlockNumber(),
      ].map((call: Promise<unknown>) =>
        call.then(
          () => undefined,
          (e: unknown) => e,
        ),
      ),
    );
    for (const error of errors) {
      expect(error).toBeInstanceOf(RelayerError);
      expect(error).toMatchObject({ code: 'CHAIN_UNAVAILABLE' });
      expect((error as Error).message).not.toContain('127.0.0.1');
    }
  });

  test('concurrent reads share round trips: 64 orders read at once cost a handful of HTTP requests', async () => {
    const makers = [1, 2, 3].map((i) => h.chain.accounts[i] as { privateKey: Hex });
    const orders = await Promise.all(
      Array.from({ length: 64 }, (_, i) =>
        createSignedOrder({
          deployment: h.chain.deployment,
          makerPrivateKey: (makers[i % makers.length] as { privateKey: Hex }).privateKey,
          makerToken: h.token(['REP', 'MKR', 'GNT', 'DGD'][i % 4] as string),
          takerToken: h.chain.deployment.weth,
          makerAmount: E18 + BigInt(i),
          takerAmount: E18,
        }),
      ),
    );
    const proxy = await startRpcProxy(h.chain.rpcUrl);
    try {
      const reader = createChainReader({
        client: createChainClient({ ...h.network, rpcUrl: proxy.url }),
        addresses: h.network.addresses,
      });
      const states = await Promise.all(orders.map((o) => reader.getOrderChainState(o, hashOrder(o) as Hex)));
      // Every read is right, and the 64 x 7 JSON-RPC calls went out in a few batches, not one by one.
      for (const [i, state] of states.entries()) {
        const o = orders[i] as (typeof orders)[number];
        expect(state.makerBalance).toBe(
          await h.balanceOf(o.makerTokenAddress as Address, o.maker as Address),
        );
        expect(state.filledTakerTokenAmount).toBe(0n);
      }
      expect(proxy.requests()).toBeGreaterThan(0);
      expect(proxy.requests()).toBeLessThanOrEqual(4);
    } finally {
      await proxy.close();
    }
  }, 60_000);
});
