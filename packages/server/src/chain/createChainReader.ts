import { exchangeArtifact } from '@relayer/contracts';
import type { Address, Hex, Order, Token } from '@relayer/protocol';
import { erc20Abi, getAbiItem, type PublicClient, toFunctionSelector } from 'viem';
import type { NetworkAddresses } from '../config.js';
import { ChainUnavailableError } from './ChainUnavailableError.js';
import { createBlockTimestamps } from './createBlockTimestamps.js';
import { createLatestBlockNumber } from './createLatestBlockNumber.js';
import type { NodeGuard } from './createNodeGuard.js';
import { createRpcBatcher } from './createRpcBatcher.js';
import { isNodeFailure } from './isNodeFailure.js';
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

/** A token read that failed: a node failure fails the order's read, a revert reads as 0. */
function tokenFailure(error: unknown): bigint {
  if (isNodeFailure(error)) throw error;
  return 0n;
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
  const rpc = createRpcBatcher(client, rpcBatchSize, guard);
  const latestBlockNumber = createLatestBlockNumber(
    async () => toQuantity(await rpc('eth_blockNumber', []), 'eth_blockNumber'),
    blockNumberMaxAgeMs,
  );
  // Reads in flight, shared by concurrent orders of one maker. Settled reads are dropped at once: a
  // block number is not a block (a re-org replaces it), so nothing outlives the request that fetched it.
  const inFlight = new Map<string, Promise<bigint>>();
  const shared = (key: string, load: () => Promise<bigint>): Promise<bigint> => {
    const pending = inFlight.get(key);
    if (pending) return pending;
    const started = load().finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return started;
  };

  // Each read is the batcher's promise and one `then` (no async function per call: fewer promises and
  // microtask turns per order), and an order's block tag is formatted once.
  const call = (to: Address, data: Hex, blockTag: string): Promise<Hex> =>
    rpc('eth_call', [{ to, data }, blockTag]).then(asCallResult);
  const proxyWord = addressWord(addresses.tokenTransferProxy);
  const blockTimestamp = createBlockTimestamps(rpc);

  // A token that reverts or answers without a word (not a contract, an odd ERC20) holds nothing for
  // this order; only a node failure fails the read.
  const tokenRead = (blockTag: string, token: Address, owner: Address, kind: 'balance' | 'allowance') =>
    shared(`${blockTag}:${kind}:${token}:${owner}`, () => {
      const data: Hex =
        kind === 'balance'
          ? `${BALANCE_OF}${addressWord(owner)}`
          : `${ALLOWANCE}${addressWord(owner)}${proxyWord}`;
      return call(token, data, blockTag).then(tokenWord, tokenFailure);
    });

  const exchangeRead = (selector: Hex, orderHash: Hex, blockTag: string) =>
    call(addresses.exchange, `${selector}${orderHash.slice(2)}`, blockTag).then((result) => {
      const word = firstWord(result);
      if (word === undefined) throw new Error(`the Exchange answered ${selector} without a uint256`);
      return word;
    });

  return {
    async getOrderChainState(order, orderHash, options) {
      try {
        const blockNumber = options?.blockNumber ?? (await latestBlockNumber());
        const blockTag = `0x${blockNumber.toString(16)}`;
        const maker = order.maker;
        const [filled, cancelled, makerBalance, makerAllowance, makerZrxBalance, makerZrxAllowance, time] =
          await Promise.all([
            exchangeRead(FILLED, orderHash, blockTag),
            exchangeRead(CANCELLED, orderHash, blockTag),
            tokenRead(blockTag, order.makerTokenAddress, maker, 'balance'),
            tokenRead(blockTag, order.makerTokenAddress, maker, 'allowance'),
            tokenRead(blockTag, addresses.zrx, maker, 'balance'),
            tokenRead(blockTag, addresses.zrx, maker, 'allowance'),
            // Sent in the same turn as the calls, so the header rides in their JSON-RPC batch.
            blockTimestamp(blockNumber),
          ]);
        return {
          filledTakerTokenAmount: filled,
          cancelledTakerTokenAmount: cancelled,
          makerBalance,
          makerAllowance,
          makerZrxBalance,
          makerZrxAllowance,
          blockNumber,
          ...(time === undefined ? {} : { blockTimestamp: time }),
          zrxAddress: addresses.zrx,
        };
      } catch (error) {
        throw new ChainUnavailableError('order state', error);
      }
    },
    readTokenMetadata: (address) => readTokenMetadata(client, address),
    getRegistryTokens: () => readRegistryTokens(client, addresses.tokenRegistry),
    async getBlockNumber() {
      try {
        return await latestBlockNumber();
      } catch (error) {
        throw new ChainUnavailableError('block number', error);
      }
    },
  };
}
