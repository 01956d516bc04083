import type { DevChain } from '@relayer/devchain';
import { hashOrder, type SignedOrder } from '@relayer/protocol';
import pino from 'pino';
import {
  type Abi,
  type Address,
  createWalletClient,
  erc20Abi,
  type Hex,
  http,
  type PublicClient,
  publicActions,
  type TransactionReceipt,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { computeOrderState } from '../../src/chain/computeOrderState.js';
import { createChainClient } from '../../src/chain/createChainClient.js';
import { createChainClock } from '../../src/chain/createChainClock.js';
import { type ChainReader, createChainReader } from '../../src/chain/createChainReader.js';
import { type Config, type NetworkConfig, testConfig } from '../../src/config.js';
import type { Database } from '../../src/db/Database.js';
import { migrate } from '../../src/db/migrate.js';
import { openDatabase } from '../../src/db/openDatabase.js';
import { type BookEvent, BookEvents } from '../../src/events/BookEvents.js';
import { WRITE_COLUMNS } from '../../src/orders/createOrderWriter.js';
import { toOrderRow } from '../../src/orders/toOrderRow.js';
import {
  type ChainWatcher,
  type ChainWatcherOptions,
  createChainWatcher,
} from '../../src/watcher/createChainWatcher.js';
import { networkFor } from './networkFor.js';
import { startTestDevChain } from './startTestDevChain.js';

export const silentLog = pino({ level: 'silent' });

/** Polls `check` until it returns a truthy value (or stops throwing); fails after `timeoutMs`. */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<Exclude<T, false | null | undefined | 0 | ''>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as Exclude<T, false | null | undefined | 0 | ''>;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export const fastWatcher: Config['watcher'] = {
  enabled: true,
  pollMs: 50,
  confirmations: 0,
  maxBlockRange: 2000,
  reorgDepth: 64,
  revalidateIntervalMs: 0,
  revalidateBatchSize: 200,
};

export interface OrderRowView {
  state: string;
  filled_taker: string;
  cancelled_taker: string;
  fillable_taker: string;
  fillable_maker: string;
}

export interface WatcherHarness {
  chain: DevChain;
  db: Database;
  network: NetworkConfig;
  client: PublicClient;
  reader: ChainReader;
  events: BookEvents;
  /** Every event published so far (tests empty it). */
  seen: BookEvent[];
  /** Sends a contract call from dev account `index` and waits for it to be mined. */
  send(
    index: number,
    call: { address: Address; abi: Abi; functionName: string; args?: readonly unknown[]; value?: bigint },
  ): Promise<TransactionReceipt>;
  token(symbol: string): Address;
  balanceOf(token: Address, owner: Address): Promise<bigint>;
  /** Stores an order the way acceptance does: state computed from the chain now, with the block read at. */
  storeOrder(order: SignedOrder, createdAt?: number, target?: Database): Promise<Hex>;
  orderRow(hash: string, target?: Database): Promise<OrderRowView | undefined>;
  watch(overrides?: Partial<ChainWatcherOptions>): ChainWatcher;
  rpc(method: string, params?: unknown[]): Promise<unknown>;
  stop(): Promise<void>;
}

/** The watcher's chain parts for `network`: its client (with this node timeout) and the reader over it. */
export function watcherDeps(
  network: NetworkConfig,
  timeoutMs = 2000,
): { network: NetworkConfig; client: PublicClient; reader: ChainReader } {
  const client = createChainClient(network, { timeoutMs });
  return { network, client, reader: createChainReader({ client, addresses: network.addresses }) };
}

/** A dev chain, an in-memory database, a reader, a bus recording events, and helpers to act on chain. */
export async function startWatcherHarness(): Promise<WatcherHarness> {
  const chain = await startTestDevChain();
  const db: Database = await openDatabase(testConfig().database);
  await migrate(db);
  const { network, client, reader } = watcherDeps(networkFor(chain));
  const events = new BookEvents();
  const seen: BookEvent[] = [];
  events.subscribe((event) => seen.push(event));

  const wallet = (index: number) => {
    const account = chain.accounts[index];
    if (!account) throw new Error(`no dev account ${index}`);
    return createWalletClient({
      account: privateKeyToAccount(account.privateKey),
      chain: client.chain,
      transport: http(chain.rpcUrl),
    }).extend(publicActions);
  };
  const send = async (
    index: number,
    call: { address: Address; abi: Abi; functionName: string; args?: readonly unknown[]; value?: bigint },
  ): Promise<TransactionReceipt> => {
    const w = wallet(index);
    const hash = await w.writeContract(call as never);
    const receipt = await w.waitForTransactionReceipt({ hash, pollingInterval: 10 });
    if (receipt.status !== 'success') throw new Error(`transaction reverted: ${String(call.functionName)}`);
    return receipt;
  };
  const token = (symbol: string): Address => {
    const found = chain.deployment.tokens.find((t) => t.symbol === symbol);
    if (!found) throw new Error(`no token ${symbol}`);
    return found.address;
  };
  const balanceOf = (tokenAddress: Address, owner: Address) =>
    client.readContract({ address: tokenAddress, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });

  const storeOrder = async (order: SignedOrder, createdAt = Date.now(), target: Database = db) => {
    const orderHash = hashOrder(order) as Hex;
    const chainState = await reader.getOrderChainState(order, orderHash);
    const computed = computeOrderState(order, chainState, Math.floor(Date.now() / 1000), 0);
    const { values } = toOrderRow({
      network: network.key,
      order,
      orderHash,
      makerSymbol: 'MKR',
      takerSymbol: 'TKR',
      chainState,
      computed,
      nowMs: createdAt,
    });
    await target.query(
      `INSERT INTO orders (${WRITE_COLUMNS.join(', ')}) VALUES (${values.map((_, i) => `$${i + 1}`).join(', ')})`,
      values,
    );
    return orderHash;
  };
  const orderRow = async (hash: string, target: Database = db) => {
    const rows = await target.query<OrderRowView>(
      `SELECT state, filled_taker::text, cancelled_taker::text, fillable_taker::text, fillable_maker::text
         FROM orders WHERE network = $1 AND hash = $2`,
      [network.key, hash],
    );
    return rows[0];
  };
  const watch = (overrides: Partial<ChainWatcherOptions> = {}) => {
    const now = overrides.now ?? (() => Date.now());
    return createChainWatcher({
      db,
      network,
      client,
      reader,
      events,
      options: fastWatcher,
      expiryMarginSec: 0,
      now,
      clock: createChainClock(now),
      log: silentLog,
      ...overrides,
    });
  };
  const rpc = (method: string, params: unknown[] = []) =>
    client.request({ method: method as 'eth_chainId', params: params as never }) as Promise<unknown>;

  return {
    chain,
    db,
    network,
    client,
    reader,
    events,
    seen,
    send,
    token,
    balanceOf,
    storeOrder,
    orderRow,
    watch,
    rpc,
    async stop() {
      await db.close();
      await chain.stop();
    },
  };
}
