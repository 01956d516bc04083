import { exchangeArtifact } from '@relayer/contracts';
import { createSignedOrder } from '@relayer/devchain';
import { NULL_ADDRESS, orderToContractArgs, type SignedOrder } from '@relayer/protocol';
import { type Address, erc20Abi, type Hex, type TransactionReceipt } from 'viem';
import { afterEach, beforeEach } from 'vitest';
import { createChainClock } from '../../src/chain/createChainClock.js';
import type { AcceptContext } from '../../src/orders/acceptOrder.js';
import { createOpenCounts } from '../../src/orders/createOpenCounts.js';
import { createOrderWriter, type OrderWriter } from '../../src/orders/createOrderWriter.js';
import { OpenOrderQuotas } from '../../src/orders/OpenOrderQuotas.js';
import { TransferHonesty } from '../../src/orders/TransferHonesty.js';
import { createTokenDirectory } from '../../src/tokens/createTokenDirectory.js';
import type { ChainWatcher } from '../../src/watcher/createChainWatcher.js';
import { useStarted } from './useStarted.js';
import { startWatcherHarness, type WatcherHarness, waitFor } from './watcherHarness.js';

const NO_FEES = { feeRecipient: NULL_ADDRESS, makerFee: '0', takerFee: '0' } as const;

export const E18 = 10n ** 18n;
/** Dev accounts: the maker and taker are seeded with tokens and allowances; the outsider only holds ETH. */
export const MAKER = 1;
export const TAKER = 2;
export const OUTSIDER = 4;

export interface WatcherTestKit {
  /** The file's harness (valid inside tests and hooks). */
  h: WatcherHarness;
  /** Watchers a test started; stopped after it. */
  running: ChainWatcher[];
  account(index: number): { address: Address; privateKey: Hex };
  /** A REP-for-WETH order by the maker: 10 REP for 2 WETH unless told otherwise. */
  makeOrder(options?: {
    makerToken?: Address;
    makerAmount?: bigint;
    takerAmount?: bigint;
    expiresInSec?: number;
  }): Promise<SignedOrder>;
  /** Starts a watcher and waits until it has taken its place at the head. */
  startWatcher(overrides?: Parameters<WatcherHarness['watch']>[0]): Promise<ChainWatcher>;
  /** A real fillOrder transaction sent by the taker. */
  fill(order: SignedOrder, takerAmount: bigint): Promise<TransactionReceipt>;
  /** A real cancelOrder transaction sent by the maker. */
  cancel(order: SignedOrder, takerAmount: bigint): Promise<TransactionReceipt>;
  /** Acceptance exactly as the routes run it, on the test chain and database, with this writer. */
  acceptance(writer?: OrderWriter): AcceptContext;
  eventFor(hash: string, type: 'added' | 'updated' | 'removed'): WatcherHarness['seen'][number] | undefined;
  /** The maker sends its whole balance of `token` to the outsider (a real transfer, with its event). */
  emptyMakerBalance(token: Address): Promise<TransactionReceipt>;
}

/**
 * One dev chain and one in-memory database per test file, with every test isolated: the chain is
 * snapshotted before and reverted after each test, and the watcher tables and orders are emptied, so each
 * test's watcher starts afresh at the head.
 */
export function useWatcherTestKit(): WatcherTestKit {
  const h = useStarted(startWatcherHarness, 'the watcher harness');
  let snapshot: Hex;
  const running: ChainWatcher[] = [];

  beforeEach(async () => {
    snapshot = (await h.rpc('evm_snapshot')) as Hex;
    h.seen.length = 0;
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((w) => w.stop()));
    await h.rpc('evm_revert', [snapshot]);
    for (const table of ['orders', 'trades', 'watcher_state', 'watcher_blocks', 'watcher_touched']) {
      await h.db.query(`DELETE FROM ${table}`);
    }
  });

  const account = (index: number) => h.chain.accounts[index] as { address: Address; privateKey: Hex };
  return {
    h,
    running,
    account,
    makeOrder: (options = {}) =>
      createSignedOrder({
        deployment: h.chain.deployment,
        makerPrivateKey: account(MAKER).privateKey,
        makerToken: options.makerToken ?? h.token('REP'),
        takerToken: h.chain.deployment.weth,
        makerAmount: options.makerAmount ?? 10n * E18,
        takerAmount: options.takerAmount ?? 2n * E18,
        ...(options.expiresInSec ? { expiresInSec: options.expiresInSec } : {}),
      }),
    async startWatcher(overrides = {}) {
      const watcher = h.watch(overrides);
      running.push(watcher);
      watcher.start();
      await waitFor(
        () => watcher.status().processedBlock !== null,
        10_000,
        'the watcher to start at the head',
      );
      return watcher;
    },
    fill(order, takerAmount) {
      const { orderAddresses, orderValues } = orderToContractArgs(order);
      const { v, r, s } = order.ecSignature;
      return h.send(TAKER, {
        address: h.chain.deployment.exchange,
        abi: exchangeArtifact.abi,
        functionName: 'fillOrder',
        args: [orderAddresses, orderValues, takerAmount, false, v, r, s],
      });
    },
    cancel(order, takerAmount) {
      const { orderAddresses, orderValues } = orderToContractArgs(order);
      return h.send(MAKER, {
        address: h.chain.deployment.exchange,
        abi: exchangeArtifact.abi,
        functionName: 'cancelOrder',
        args: [orderAddresses, orderValues, takerAmount],
      });
    },
    acceptance: (writer = createOrderWriter(h.db)) => ({
      network: h.network,
      fees: { peek: () => NO_FEES, current: async () => NO_FEES },
      orders: {
        expiryMarginSec: 0,
        submissionEnabled: true,
        maxOpenPerMaker: 1000,
        maxOpenPerUnverifiedToken: 0,
        maxOpenPerNetwork: 0,
        maxExpirySec: 0,
      },
      reader: h.reader,
      tokens: createTokenDirectory(h.db),
      refreshTokens: async () => {},
      writer,
      quotas: new OpenOrderQuotas({
        maxPerUnverifiedToken: 0,
        maxPerNetwork: 0,
        openCounts: createOpenCounts({ db: h.db }),
      }),
      transfers: new TransferHonesty({
        reader: h.reader,
        mark: { db: h.db, events: h.events, network: h.network.key, now: Date.now },
        log: { warn() {} },
      }),
      db: h.db,
      events: h.events,
      now: Date.now,
      clock: createChainClock(Date.now),
    }),
    eventFor: (hash, type) => h.seen.find((e) => e.type === type && 'orderHash' in e && e.orderHash === hash),
    async emptyMakerBalance(token) {
      const balance = await h.balanceOf(token, account(MAKER).address);
      return h.send(MAKER, {
        address: token,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [account(OUTSIDER).address, balance],
      });
    },
  };
}
