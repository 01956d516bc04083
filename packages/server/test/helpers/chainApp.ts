import {
  dummyTokenArtifact,
  exchangeArtifact,
  lyingTokenArtifact,
  maliciousTokenArtifact,
} from '@relayer/contracts';
import {
  type CreateSignedOrderOptions,
  connectWallet,
  createSignedOrder,
  type DevChain,
} from '@relayer/devchain';
import { hashOrder, type Order, orderToContractArgs, type SignedOrder, type Token } from '@relayer/protocol';
import { type Address, erc20Abi, type Hex, parseSignature } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll } from 'vitest';
import type { AppDeps } from '../../src/buildApp.js';
import { type Config, type NetworkConfig, testConfig } from '../../src/config.js';
import { networkFor } from './networkFor.js';
import { standIn } from './standIn.js';
import { startTestApp, type TestApp } from './startTestApp.js';
import { startTestDevChain } from './startTestDevChain.js';
import { waitFor } from './waitFor.js';

export interface TestChain {
  chain: DevChain;
  network: NetworkConfig;
  token(symbol: string): Token;
  /** Dev account i's private key (1-3 funded with allowances, 4-5 funded without, 6-9 empty). */
  key(i: number): Hex;
  address(i: number): Address;
  /** `taker` fills `amount` of the order's taker token on the Exchange (throws on failure). */
  fill(order: SignedOrder, amount: bigint, taker: number): Promise<void>;
  /** The maker cancels `amount` of the order's taker token. */
  cancel(order: SignedOrder, amount: bigint): Promise<void>;
  approve(owner: number, token: Address, amount: bigint): Promise<void>;
  /** Deploys a DummyToken (not registered) from account 0 and returns its lower-case address. */
  deployToken(name: string, symbol: string, decimals: number): Promise<Address>;
  /** Deploys a token that exposes no name, symbol or decimals. */
  deployBareToken(): Promise<Address>;
  /**
   * Deploys a LyingToken (plenty for every holder and spender; transferFrom says true and moves
   * `movedPercent` of the amount) with this name and symbol, 18 decimals.
   */
  deployLyingToken(name: string, symbol: string, movedPercent: number): Promise<Address>;
  /** Changes the share a LyingToken's transferFrom moves. */
  setMovedPercent(token: Address, movedPercent: number): Promise<void>;
  /**
   * A fresh, valid order of dev account 1 selling 1 REP for 0.2 WETH, no fees, an hour ahead; `extra`
   * changes any of it.
   */
  repForWeth(extra?: RepForWethOptions): Promise<SignedOrder>;
  stop(): Promise<void>;
}

export type RepForWethOptions = Partial<
  Pick<
    CreateSignedOrderOptions,
    'makerAmount' | 'takerAmount' | 'expiresInSec' | 'feeRecipient' | 'makerFee' | 'takerFee'
  >
>;

/** A seeded dev chain on a free port and the relayer network config pointing at it. */
export async function startTestChain(): Promise<TestChain> {
  // The watcher tests' cached dev chain: deploying and seeding once per source change, not per file.
  const chain = await startTestDevChain();
  const { deployment } = chain;
  const network = networkFor(chain);
  const account = (i: number) => {
    const found = chain.accounts[i];
    if (!found) throw new Error(`no dev account ${i}`);
    return found;
  };
  const wallet = (i: number) =>
    connectWallet(chain.rpcUrl, privateKeyToAccount(account(i).privateKey), { pollingInterval: 20 });
  const send = async (i: number, write: (w: Awaited<ReturnType<typeof wallet>>) => Promise<Hex>) => {
    const w = await wallet(i);
    const receipt = await w.waitForTransactionReceipt({ hash: await write(w) });
    if (receipt.status !== 'success') throw new Error('transaction reverted');
  };
  const token = (symbol: string) => {
    const found = deployment.tokens.find((t) => t.symbol === symbol);
    if (!found) throw new Error(`no token ${symbol}`);
    return found;
  };
  const signerOf = (order: SignedOrder) => chain.accounts.findIndex((a) => a.address === order.maker);
  return {
    chain,
    network,
    token,
    key: (i) => account(i).privateKey,
    address: (i) => account(i).address,
    fill: (order, amount, taker) =>
      send(taker, (w) => {
        const { orderAddresses, orderValues } = orderToContractArgs(order);
        const { v, r, s } = order.ecSignature;
        return w.writeContract({
          address: deployment.exchange,
          abi: exchangeArtifact.abi,
          functionName: 'fillOrder',
          args: [orderAddresses, orderValues, amount, true, v, r, s],
        });
      }),
    cancel: (order, amount) =>
      send(signerOf(order), (w) => {
        const { orderAddresses, orderValues } = orderToContractArgs(order);
        return w.writeContract({
          address: deployment.exchange,
          abi: exchangeArtifact.abi,
          functionName: 'cancelOrder',
          args: [orderAddresses, orderValues, amount],
        });
      }),
    approve: (owner, token, amount) =>
      send(owner, (w) =>
        w.writeContract({
          address: token,
          abi: erc20Abi,
          functionName: 'approve',
          args: [deployment.tokenTransferProxy, amount],
        }),
      ),
    async deployToken(name, symbol, decimals) {
      const w = await wallet(0);
      const hash = await w.deployContract({
        abi: dummyTokenArtifact.abi,
        bytecode: dummyTokenArtifact.bytecode,
        args: [name, symbol, decimals, 10n ** 24n],
      });
      const receipt = await w.waitForTransactionReceipt({ hash });
      if (!receipt.contractAddress) throw new Error('token deployment failed');
      return receipt.contractAddress.toLowerCase() as Address;
    },
    async deployBareToken() {
      const w = await wallet(0);
      const hash = await w.deployContract({
        abi: maliciousTokenArtifact.abi,
        bytecode: maliciousTokenArtifact.bytecode,
        args: [10n ** 24n],
      });
      const receipt = await w.waitForTransactionReceipt({ hash });
      if (!receipt.contractAddress) throw new Error('token deployment failed');
      return receipt.contractAddress.toLowerCase() as Address;
    },
    async deployLyingToken(name, symbol, movedPercent) {
      const w = await wallet(0);
      const hash = await w.deployContract({
        abi: lyingTokenArtifact.abi,
        bytecode: lyingTokenArtifact.bytecode,
        args: [name, symbol, movedPercent],
      });
      const receipt = await w.waitForTransactionReceipt({ hash });
      if (!receipt.contractAddress) throw new Error('token deployment failed');
      return receipt.contractAddress.toLowerCase() as Address;
    },
    setMovedPercent: (token, movedPercent) =>
      send(0, (w) =>
        w.writeContract({
          address: token,
          abi: lyingTokenArtifact.abi,
          functionName: 'setMovedPercent',
          args: [movedPercent],
        }),
      ),
    repForWeth(extra = {}) {
      return createSignedOrder({
        deployment,
        makerPrivateKey: account(1).privateKey,
        makerToken: token('REP').address,
        takerToken: token('WETH').address,
        makerAmount: 10n ** 18n,
        takerAmount: 2n * 10n ** 17n,
        ...extra,
      });
    },
    stop: () => chain.stop(),
  };
}

/** Test config for one network on the test chain: watcher off unless asked, no rate limits, quiet. */
export function chainConfig(network: NetworkConfig, overrides: Partial<Config> = {}): Config {
  const base = testConfig();
  return testConfig({ networks: [network], watcher: { ...base.watcher, enabled: false }, ...overrides });
}

/** Signs an (already complete) order with any key: the way to make "signed by someone else". */
export async function signOrder(order: Order, privateKey: Hex): Promise<SignedOrder> {
  const signature = await privateKeyToAccount(privateKey).signMessage({ message: { raw: hashOrder(order) } });
  const { r, s, yParity } = parseSignature(signature);
  return { ...order, ecSignature: { v: yParity === 0 ? 27 : 28, r, s } };
}

export interface ChainApp extends TestApp {
  t: TestChain;
  config: Config;
}

/**
 * The route tests' relayer: the cached dev chain, `chainConfig` as `configure` adjusts it, a fresh test
 * database, and the app ready with the registry's tokens imported (which runs once the app is ready).
 */
export async function startChainApp(
  configure: (config: Config, t: TestChain) => Config = (config) => config,
  deps: Partial<Omit<AppDeps, 'db'>> = {},
): Promise<ChainApp> {
  const t = await startTestChain();
  const config = configure(chainConfig(t.network), t);
  const started = await startTestApp(config, deps);
  await waitFor(
    async () => (await started.app.inject('/token')).json().length > 3,
    60_000,
    'the registry import',
  );
  const close = async () => {
    await started.close();
    await t.stop();
  };
  return { ...started, t, config, close };
}

/**
 * `startChainApp` for the tests of a file: started before them, closed after them. Its parts are
 * stand-ins (`standIn`), so a file destructures them once at the top.
 */
export function useChainApp(...args: Parameters<typeof startChainApp>): Omit<ChainApp, 'close'> {
  let env: ChainApp | undefined;
  beforeAll(async () => {
    env = await startChainApp(...args);
  }, 120_000);
  afterAll(() => env?.close());
  const part = <K extends 't' | 'config' | 'app' | 'db'>(key: K) =>
    standIn<ChainApp[K]>(() => env?.[key], `the chain app's ${key}`);
  return { t: part('t'), config: part('config'), app: part('app'), db: part('db') };
}
