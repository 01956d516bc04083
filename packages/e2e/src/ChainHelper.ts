import { dummyTokenArtifact, exchangeArtifact } from '@relayer/contracts';
import { createSignedOrder, devAccounts } from '@relayer/devchain';
import {
  hashOrder,
  type OrderRecord,
  orderToContractArgs,
  type SignedOrder,
  type Token,
  toBaseUnits,
} from '@relayer/protocol';
import {
  type Address,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  type Hex,
  http,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { ChainInfo } from './stack/StackInfo.ts';

const ACCOUNTS = devAccounts(10);

/** [human amount, token symbol] */
export type Side = [amount: string, symbol: string];

export interface OrderSpec {
  maker: number;
  sell: Side;
  buy: Side;
  expiresInSec?: number;
}

/**
 * One chain of the stack from the test's side: dev accounts, tokens, on-chain balances (viem), and the
 * relayer of the same variant for orders made outside the browser.
 */
export class ChainHelper {
  readonly client: PublicClient;
  /** Tokens a test deployed and listed (`addToken`), by symbol. */
  private readonly added = new Map<string, Token>();

  constructor(
    readonly info: ChainInfo,
    readonly relayerUrl: string,
  ) {
    this.client = createPublicClient({ transport: http(info.rpcUrl) });
  }

  address(index: number): Address {
    const account = ACCOUNTS[index];
    if (!account) throw new Error(`no dev account ${index}`);
    return account.address;
  }

  privateKey(index: number): Hex {
    const account = ACCOUNTS[index];
    if (!account) throw new Error(`no dev account ${index}`);
    return account.privateKey;
  }

  token(symbol: string): Token {
    const found = this.added.get(symbol) ?? this.info.deployment.tokens.find((t) => t.symbol === symbol);
    if (!found) throw new Error(`no ${symbol} token on chain ${this.info.chainId}`);
    return found;
  }

  baseUnits([amount, symbol]: Side): bigint {
    return toBaseUnits(amount, this.token(symbol).decimals);
  }

  balanceOf(symbol: string, owner: Address): Promise<bigint> {
    return this.client.readContract({
      address: this.token(symbol).address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [owner],
    });
  }

  allowanceOf(symbol: string, owner: Address): Promise<bigint> {
    return this.client.readContract({
      address: this.token(symbol).address,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [owner, this.info.deployment.tokenTransferProxy],
    });
  }

  ethBalance(owner: Address): Promise<bigint> {
    return this.client.getBalance({ address: owner });
  }

  /** Balances of several tokens at once, by symbol. */
  async balances<S extends string>(owner: Address, symbols: readonly S[]): Promise<Record<S, bigint>> {
    const values = await Promise.all(symbols.map((symbol) => this.balanceOf(symbol, owner)));
    return Object.fromEntries(symbols.map((symbol, i) => [symbol, values[i] ?? 0n])) as Record<S, bigint>;
  }

  /** Signs an order with the maker's key exactly as a browser wallet would (no relayer involved). */
  signOrder(spec: OrderSpec): Promise<SignedOrder> {
    return createSignedOrder({
      deployment: this.info.deployment,
      makerPrivateKey: this.privateKey(spec.maker),
      makerToken: this.token(spec.sell[1]).address,
      takerToken: this.token(spec.buy[1]).address,
      makerAmount: this.baseUnits(spec.sell),
      takerAmount: this.baseUnits(spec.buy),
      ...(spec.expiresInSec ? { expiresInSec: spec.expiresInSec } : {}),
    });
  }

  /** Signs and posts an order to the relayer over HTTP (another trader, not the browser). */
  async postOrder(spec: OrderSpec): Promise<SignedOrder> {
    const order = await this.signOrder(spec);
    const response = await fetch(`${this.relayerUrl}/order/new`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(order),
    });
    if (response.status !== 201) {
      throw new Error(`POST /order/new answered ${response.status}: ${await response.text()}`);
    }
    return order;
  }

  /** The relayer's record of an order, or undefined when it does not know it. */
  async orderRecord(order: SignedOrder): Promise<OrderRecord | undefined> {
    const response = await fetch(`${this.relayerUrl}/order/${hashOrder(order)}`);
    if (response.status === 404) return undefined;
    if (!response.ok) throw new Error(`GET /order/:hash answered ${response.status}`);
    return (await response.json()) as OrderRecord;
  }

  /** Open orders the relayer lists (first page of 100). */
  async openOrders(): Promise<OrderRecord[]> {
    const response = await fetch(`${this.relayerUrl}/order?per_page=100`);
    const body = (await response.json()) as { orders: OrderRecord[] };
    return body.orders;
  }

  /** Deploys an ERC20 (DummyToken) from account 0 that no registry lists; returns its lower-case address. */
  async deployToken(name: string, symbol: string, decimals: number): Promise<Address> {
    const wallet = createWalletClient({
      account: privateKeyToAccount(this.privateKey(0)),
      transport: http(this.info.rpcUrl),
    });
    const hash = await wallet.deployContract({
      chain: null,
      abi: dummyTokenArtifact.abi,
      bytecode: dummyTokenArtifact.bytecode,
      args: [name, symbol, decimals, 10n ** 24n],
    });
    const receipt = await this.client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (!receipt.contractAddress) throw new Error('the token deployment failed');
    return receipt.contractAddress.toLowerCase() as Address;
  }

  /** Moves `amount` (base units) of a token from dev account `from` to `to` (a maker emptying its wallet). */
  async transfer(symbol: string, from: number, to: Address, amount: bigint): Promise<void> {
    const wallet = createWalletClient({
      account: privateKeyToAccount(this.privateKey(from)),
      transport: http(this.info.rpcUrl),
    });
    const hash = await wallet.writeContract({
      chain: null,
      address: this.token(symbol).address,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [to, amount],
    });
    const receipt = await this.client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (receipt.status !== 'success') throw new Error('transfer reverted');
  }

  /** The relayer's trades of one order, newest first (`GET /trades?orderHash=`). */
  async tradesOf(order: SignedOrder): Promise<{ transactionHash: string; taker: string }[]> {
    const response = await fetch(`${this.relayerUrl}/trades?orderHash=${hashOrder(order)}`);
    if (!response.ok) throw new Error(`GET /trades answered ${response.status}`);
    return ((await response.json()) as { trades: { transactionHash: string; taker: string }[] }).trades;
  }

  /** The Exchange's cancelled amount of `order` (taker token base units). */
  cancelledAmount(order: SignedOrder): Promise<bigint> {
    return this.client.readContract({
      address: this.info.deployment.exchange,
      abi: exchangeArtifact.abi,
      functionName: 'cancelled',
      args: [hashOrder(order)],
    });
  }

  /** Fills `amount` (taker token base units) of `order` on the Exchange from dev account `taker`. */
  async fill(order: SignedOrder, amount: bigint, taker: number): Promise<void> {
    const wallet = createWalletClient({
      account: privateKeyToAccount(this.privateKey(taker)),
      transport: http(this.info.rpcUrl),
    });
    const { orderAddresses, orderValues } = orderToContractArgs(order);
    const { v, r, s } = order.ecSignature;
    const hash = await wallet.writeContract({
      chain: null,
      address: this.info.deployment.exchange,
      abi: exchangeArtifact.abi,
      functionName: 'fillOrder',
      args: [orderAddresses, orderValues, amount, true, v, r, s],
    });
    const receipt = await this.client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (receipt.status !== 'success') throw new Error('fillOrder reverted');
  }

  /** Cancels `amount` (taker token base units) of `order` on the Exchange, sent by its maker's key. */
  async cancel(order: SignedOrder, amount: bigint, maker: number): Promise<void> {
    const wallet = createWalletClient({
      account: privateKeyToAccount(this.privateKey(maker)),
      transport: http(this.info.rpcUrl),
    });
    const { orderAddresses, orderValues } = orderToContractArgs(order);
    const hash = await wallet.writeContract({
      chain: null,
      address: this.info.deployment.exchange,
      abi: exchangeArtifact.abi,
      functionName: 'cancelOrder',
      args: [orderAddresses, orderValues, amount],
    });
    const receipt = await this.client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (receipt.status !== 'success') throw new Error('cancelOrder reverted');
  }

  /**
   * A token anyone could add: deployed from account 0 (which holds its whole supply), listed on the
   * relayer with `POST /token/new` (so unverified: no registry lists it) and approved to the token
   * transfer proxy by account 0, which can then make orders selling it. `token(symbol)` finds it after.
   */
  async addToken(name: string, symbol: string, decimals: number): Promise<Address> {
    const address = await this.deployToken(name, symbol, decimals);
    const response = await fetch(`${this.relayerUrl}/token/new`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address, name, symbol, decimals }),
    });
    if (response.status !== 201) {
      throw new Error(`POST /token/new answered ${response.status}: ${await response.text()}`);
    }
    const wallet = createWalletClient({
      account: privateKeyToAccount(this.privateKey(0)),
      transport: http(this.info.rpcUrl),
    });
    const hash = await wallet.writeContract({
      chain: null,
      address,
      abi: erc20Abi,
      functionName: 'approve',
      args: [this.info.deployment.tokenTransferProxy, 2n ** 256n - 1n],
    });
    await this.client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    this.added.set(symbol, { address, name, symbol, decimals });
    return address;
  }

  /**
   * Mines one block `seconds` ahead of the wall clock (anvil_setNextBlockTimestamp, then evm_mine): the
   * chain's clock then runs that far ahead. (A plain evm_increaseTime would count from the chain's own
   * time, which lags the wall clock after the stack's snapshot is restored.)
   */
  async moveClockAhead(seconds: number): Promise<bigint> {
    const target = BigInt(Math.floor(Date.now() / 1000) + seconds);
    await this.rpc('anvil_setNextBlockTimestamp', [Number(target)]);
    await this.rpc('evm_mine', []);
    return target;
  }

  /** The latest block's `block.timestamp` (Unix seconds). */
  async blockTime(): Promise<bigint> {
    return (await this.client.getBlock({ blockTag: 'latest' })).timestamp;
  }

  /** A raw JSON-RPC call to the node (anvil's own methods: automine, mining, the pool). */
  async rpc(method: string, params: unknown[] = []): Promise<unknown> {
    const response = await fetch(this.info.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const body = (await response.json()) as { result?: unknown; error?: { message: string } };
    if (body.error) throw new Error(`${method}: ${body.error.message}`);
    return body.result;
  }
}
