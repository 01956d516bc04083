import { exchangeArtifact } from '@relayer/contracts';
import type { Address, Hex, Order, Token } from '@relayer/protocol';
import { erc20Abi, getAbiItem, type PublicClient, toFunctionSelector } from 'viem';
import type { NetworkAddresses } from '../config.js';
import { ChainUnavailableError } from './ChainUnavailableError.js';
import { createBlockTimestamps } from './createBlockTimestamps.js';
import { createLatestBlockNumber } from './createLatestBlockNumber.js';
import type { NodeGuard } from './createNodeGuard.js';
import { createRpcQueue, type RpcSettle } from './createRpcBatcher.js';
import { isNodeFailure } from './isNodeFailure.js';
import { probeTransfer, type TransferProbeRequest, type TransferProbeResult } from './probeTransfer.js';
import { readRegistryTokens } from './readRegistryTokens.js';
import { readTokenMetadata, type TokenMetadata } from './readTokenMetadata.js';

// Calldata for the order-state reads is written by hand (selector + 32-byte words), and answers are read
// as one word: ABI-encoding six calls per order through readContract cost more than the calls' JSON-RPC.
const FILLED = toFunctionSelector(getAbiItem({ abi: exchangeArtifact.abi, name: 'filled' }));
const CANCELLED = toFunctionSelector(getAbiItem({ abi: exchangeArtifact.abi, name: 'cancelled' }));
const BALANCE_OF = toFunctionSelector(getAbiItem({ abi: erc20Abi, name: 'balanceOf' }));
const ALLOWANCE = toFunctionSelector(getAbiItem({ abi: erc20Abi, name: 'allowance' }));

const addressWord = (address: Address) => address.slice(2).padStart(64, '0');

/** The first 32-byte word of return data as a uint256, or undefined when there is none (no code, `0x`). */
function firstWord(result: Hex): bigint | undefined {
  return result.length >= 66 ? BigInt(result.slice(0, 66)) : undefined;
}

function asCallResult(result: unknown): Hex {
  if (typeof result !== 'string') throw new Error('the node answered eth_call with a non-string');
  return result as Hex;
}

/** A token read's answer: its first word, or 0 when there is none. */
function tokenWord(result: Hex): bigint {
  return firstWord(result) ?? 0n;
}

/** A JSON-RPC quantity (`0x`-prefixed hex) as a bigint; anything else is a node fault. */
function toQuantity(result: unknown, method: string): bigint {
  if (typeof result !== 'string' || !/^0x[0-9a-f]+$/i.test(result)) {
    throw new Error(`the node answered ${method} with something other than a quantity`);
  }
  return BigInt(result);
}

/** An order's on-chain facts, all read at `blockNumber`. */
export interface OrderChainState {
  filledTakerTokenAmount: bigint;
  cancelledTakerTokenAmount: bigint;
  /** Maker's balance of / proxy allowance for the maker token. */
  makerBalance: bigint;
  makerAllowance: bigint;
  /** Maker's ZRX balance / proxy allowance (the maker fee). */
  makerZrxBalance: bigint;
  makerZrxAllowance: bigint;
  blockNumber: bigint;
  /**
   * `block.timestamp` of `blockNumber` (Unix seconds), read alongside (acceptance judges expiry by it
   * too); absent when the node did not know the block.
   */
  blockTimestamp?: bigint;
  /** The network's ZRX, which `computeOrderState` needs for the shared amount-and-fee pool. */
  zrxAddress: Address;
}

/** The six words of an order's state, then its block's timestamp; settles once. */
class OrderRead {
  private readonly words: bigint[] = [0n, 0n, 0n, 0n, 0n, 0n];
  private time: bigint | undefined;
  private remaining = 7;
  private done = false;
  constructor(
    private readonly blockNumber: bigint,
    private readonly zrxAddress: Address,
    private readonly resolve: (state: OrderChainState) => void,
    private readonly reject: (error: unknown) => void,
  ) {}

  set(slot: number, word: bigint): void {
    if (this.done) return;
    this.words[slot] = word;
    if (--this.remaining === 0) this.finish();
  }

  setTime(time: bigint | undefined): void {
    if (this.done) return;
    this.time = time;
    if (--this.remaining === 0) this.finish();
  }

  fail(error: unknown): void {
    if (this.done) return;
    this.done = true;
    this.reject(error);
  }

  private finish(): void {
    this.done = true;
    const [filled, cancelled, makerBalance, makerAllowance, makerZrxBalance, makerZrxAllowance] = this
      .words as [bigint, bigint, bigint, bigint, bigint, bigint];
    this.resolve({
      filledTakerTokenAmount: filled,
      cancelledTakerTokenAmount: cancelled,
      makerBalance,
      makerAllowance,
      makerZrxBalance,
      makerZrxAllowance,
      blockNumber: this.blockNumber,
      ...(this.time === undefined ? {} : { blockTimestamp: this.time }),
      zrxAddress: this.zrxAddress,
    });
  }
}

/** filled/cancelled on the Exchange: a uint256 word, anything else fails the order's read. */
class ExchangeSlot implements RpcSettle {
  constructor(
    private readonly read: OrderRead,
    private readonly slot: number,
    private readonly selector: Hex,
  ) {}

  resolve(result: unknown): void {
    let word: bigint | undefined;
    try {
      word = firstWord(asCallResult(result));
    } catch (error) {
      this.read.fail(error);
      return;
    }
    if (word === undefined)
      this.read.fail(new Error(`the Exchange answered ${this.selector} without a uint256`));
    else this.read.set(this.slot, word);
  }

  reject(error: unknown): void {
    this.read.fail(error);
  }
}

/**
 * A balance or allowance read and the orders waiting for it (pairs of read and slot). A revert reads as
 * 0, a node failure (or an answer that is not a string) fails every waiting order's read.
 */
class TokenRead implements RpcSettle {
  readonly waiters: (OrderRead | number)[];
  constructor(
    private readonly key: string,
    private readonly inFlight: Map<string, TokenRead>,
    read: OrderRead,
    slot: number,
  ) {
    this.waiters = [read, slot];
  }

  resolve(result: unknown): void {
    this.inFlight.delete(this.key);
    let word: bigint;
    try {
      word = tokenWord(asCallResult(result));
    } catch (error) {
      this.settle(undefined, error);
      return;
    }
    this.settle(word, undefined);
  }

  reject(error: unknown): void {
    this.inFlight.delete(this.key);
    if (isNodeFailure(error)) this.settle(undefined, error);
    else this.settle(0n, undefined);
  }

  private settle(word: bigint | undefined, error: unknown): void {
    const waiters = this.waiters;
    for (let i = 0; i < waiters.length; i += 2) {
      const read = waiters[i] as OrderRead;
      if (word === undefined) read.fail(error);
      else read.set(waiters[i + 1] as number, word);
    }
  }
}

export interface ChainReader {
  /**
   * Reads filled/cancelled on the Exchange and the maker's balances and allowances, all at one block:
   * `blockNumber` when given (the watcher pins the block it is applying), else the latest. The calls
   * of every order read in the same event-loop turn go out as one JSON-RPC batch (`createRpcBatcher`).
   */
  getOrderChainState(
    order: Order,
    orderHash: Hex,
    options?: { blockNumber?: bigint },
  ): Promise<OrderChainState>;
  readTokenMetadata(address: Address): Promise<TokenMetadata>;
  /** Every token in the network's TokenRegistry with its metadata. */
  getRegistryTokens(): Promise<Token[]>;
  getBlockNumber(): Promise<bigint>;
  /** `owner`'s balance of `token` and allowance to the token transfer proxy, at the latest block. */
  getTokenFunds(token: Address, owner: Address): Promise<{ balance: bigint; allowance: bigint }>;
  /**
   * `eth_estimateGas` of a call at the latest block: undefined when the call would revert, and
   * ChainUnavailableError when the node fails.
   */
  estimateGas(call: { from: Address; to: Address; data: Hex }): Promise<bigint | undefined>;
  /** Simulates the fill's maker-token transfer (`probeTransfer`); throws ChainUnavailableError when the node fails. */
  probeTransfer(request: TransferProbeRequest): Promise<TransferProbeResult>;
}

export interface ChainReaderOptions {
  client: PublicClient;
  addresses: NetworkAddresses;
  /**
   * Reuse the latest block number this long for unpinned reads (default 0: every read asks the node,
   * concurrent reads share one request). A few tens of ms roughly doubles throughput under load, at the
   * price of reads that may miss a transaction mined within that window.
   */
  blockNumberMaxAgeMs?: number;
  /** Most requests per JSON-RPC batch (the network's `rpcBatchSize`). */
  rpcBatchSize?: number;
  /** The network's circuit breaker (also given to `client`'s transport by `createChainClient`). */
  guard?: NodeGuard;
}

export function createChainReader({
  client,
  addresses,
  blockNumberMaxAgeMs,
  rpcBatchSize,
  guard,
}: ChainReaderOptions): ChainReader {
  const queue = createRpcQueue(client, rpcBatchSize, guard);
  const rpc = queue.request;
  const latestBlockNumber = createLatestBlockNumber(
    async () => toQuantity(await rpc('eth_blockNumber', []), 'eth_blockNumber'),
    blockNumberMaxAgeMs,
  );
  const blockTimestamp = createBlockTimestamps(rpc);
  const proxyWord = addressWord(addresses.tokenTransferProxy);
  const exchangeTo = `[{"to":"${addresses.exchange}","data":"`;

  // Token reads in flight, shared by concurrent orders of one maker. Settled reads are dropped at once: a
  // block number is not a block (a re-org replaces it), so nothing outlives the request that fetched it.
  const inFlight = new Map<string, TokenRead>();

  /**
   * One order's reads at one block. Each read is a request of the batcher's `enqueue` whose answer goes
   * straight into its slot (no promise, `then` or microtask turn per read: six calls per order made ~20
   * promises and as many turns); the order's one promise settles when every slot is filled or at the
   * first failure, which fails the whole read as `Promise.all` did.
   */
  const readAt = (
    order: Order,
    orderHash: Hex,
    blockNumber: bigint,
    resolve: (state: OrderChainState) => void,
    fail: (error: unknown) => void,
  ): void => {
    const blockTag = `0x${blockNumber.toString(16)}`;
    const read = new OrderRead(blockNumber, addresses.zrx, resolve, fail);
    const blockEnd = `"},"${blockTag}"]`;
    queue.enqueue(
      'eth_call',
      `${exchangeTo}${FILLED}${orderHash.slice(2)}${blockEnd}`,
      new ExchangeSlot(read, 0, FILLED),
    );
    queue.enqueue(
      'eth_call',
      `${exchangeTo}${CANCELLED}${orderHash.slice(2)}${blockEnd}`,
      new ExchangeSlot(read, 1, CANCELLED),
    );
    const maker = order.maker;
    tokenRead(read, 2, blockTag, blockEnd, order.makerTokenAddress, maker, 'balance');
    tokenRead(read, 3, blockTag, blockEnd, order.makerTokenAddress, maker, 'allowance');
    tokenRead(read, 4, blockTag, blockEnd, addresses.zrx, maker, 'balance');
    tokenRead(read, 5, blockTag, blockEnd, addresses.zrx, maker, 'allowance');
    // Asked in the same turn as the calls, so the header rides in their JSON-RPC batch.
    blockTimestamp(blockNumber).then(
      (time) => read.setTime(time),
      (error: unknown) => read.fail(error),
    );
  };

  // A token that reverts or answers without a word (not a contract, an odd ERC20) holds nothing for
  // this order; only a node failure fails the read.
  const tokenRead = (
    read: OrderRead,
    slot: number,
    blockTag: string,
    blockEnd: string,
    token: Address,
    owner: Address,
    kind: 'balance' | 'allowance',
  ): void => {
    const key = `${blockTag}:${kind}:${token}:${owner}`;
    const pending = inFlight.get(key);
    if (pending) {
      pending.waiters.push(read, slot);
      return;
    }
    const shared = new TokenRead(key, inFlight, read, slot);
    inFlight.set(key, shared);
    const data =
      kind === 'balance'
        ? `${BALANCE_OF}${addressWord(owner)}`
        : `${ALLOWANCE}${addressWord(owner)}${proxyWord}`;
    queue.enqueue('eth_call', `[{"to":"${token}","data":"${data}${blockEnd}`, shared);
  };

  return {
    getOrderChainState(order, orderHash, options) {
      return new Promise((resolve, reject) => {
        const fail = (error: unknown) => reject(new ChainUnavailableError('order state', error));
        const start = (blockNumber: bigint) => {
          try {
            readAt(order, orderHash, blockNumber, resolve, fail);
          } catch (error) {
            fail(error);
          }
        };
        const pinned = options?.blockNumber;
        if (pinned !== undefined) start(pinned);
        else latestBlockNumber().then(start, fail);
      });
    },
    readTokenMetadata: (address) => readTokenMetadata(client, address),
    getRegistryTokens: () => readRegistryTokens(client, addresses.tokenRegistry),
    async probeTransfer(request) {
      try {
        return await probeTransfer(rpc, addresses.tokenTransferProxy, request);
      } catch (error) {
        throw new ChainUnavailableError('token transfer', error);
      }
    },
    async getTokenFunds(token, owner) {
      const read = async (data: string) =>
        tokenWord(asCallResult(await rpc('eth_call', [{ to: token, data }, 'latest'])));
      try {
        const [balance, allowance] = await Promise.all([
          read(`${BALANCE_OF}${addressWord(owner)}`),
          read(`${ALLOWANCE}${addressWord(owner)}${proxyWord}`),
        ]);
        return { balance, allowance };
      } catch (error) {
        throw new ChainUnavailableError('token funds', error);
      }
    },
    async estimateGas(call) {
      try {
        return toQuantity(await rpc('eth_estimateGas', [call]), 'eth_estimateGas');
      } catch (error) {
        if (!isNodeFailure(error)) return undefined;
        throw new ChainUnavailableError('gas estimate', error);
      }
    },
    async getBlockNumber() {
      try {
        return await latestBlockNumber();
      } catch (error) {
        throw new ChainUnavailableError('block number', error);
      }
    },
  };
}
