import { exchangeArtifact } from '@relayer/contracts';
import type { Address, Hex, Order, Token } from '@relayer/protocol';
import { erc20Abi, type PublicClient } from 'viem';
import type { NetworkAddresses } from '../config.js';
import { ChainUnavailableError } from './ChainUnavailableError.js';
import { createLatestBlockNumber } from './createLatestBlockNumber.js';
import { isNodeFailure } from './isNodeFailure.js';
import { readRegistryTokens } from './readRegistryTokens.js';
import { readTokenMetadata, type TokenMetadata } from './readTokenMetadata.js';

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
  /** The network's ZRX, which `computeOrderState` needs for the shared amount-and-fee pool. */
  zrxAddress: Address;
}

export interface ChainReader {
  /**
   * Reads filled/cancelled on the Exchange and the maker's balances and allowances, all at one block:
   * `blockNumber` when given (the watcher pins the block it is applying), else the latest. The calls
   * go out together (JSON-RPC batch when the client's transport batches, see `createChainClient`).
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
}

export function createChainReader({
  client,
  addresses,
  blockNumberMaxAgeMs,
}: ChainReaderOptions): ChainReader {
  const latestBlockNumber = createLatestBlockNumber(client, blockNumberMaxAgeMs);
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

  const tokenRead = (blockNumber: bigint, token: Address, owner: Address, kind: 'balance' | 'allowance') =>
    shared(`${blockNumber}:${kind}:${token}:${owner}`, async () => {
      try {
        return kind === 'balance'
          ? await client.readContract({
              address: token,
              abi: erc20Abi,
              functionName: 'balanceOf',
              args: [owner],
              blockNumber,
            })
          : await client.readContract({
              address: token,
              abi: erc20Abi,
              functionName: 'allowance',
              args: [owner, addresses.tokenTransferProxy],
              blockNumber,
            });
      } catch (error) {
        if (isNodeFailure(error)) throw error;
        return 0n;
      }
    });

  const exchangeRead = (functionName: 'filled' | 'cancelled', orderHash: Hex, blockNumber: bigint) =>
    client.readContract({
      address: addresses.exchange,
      abi: exchangeArtifact.abi,
      functionName,
      args: [orderHash],
      blockNumber,
    });

  return {
    async getOrderChainState(order, orderHash, options) {
      try {
        const blockNumber = options?.blockNumber ?? (await latestBlockNumber());
        const maker = order.maker;
        const [filled, cancelled, makerBalance, makerAllowance, makerZrxBalance, makerZrxAllowance] =
          await Promise.all([
            exchangeRead('filled', orderHash, blockNumber),
            exchangeRead('cancelled', orderHash, blockNumber),
            tokenRead(blockNumber, order.makerTokenAddress, maker, 'balance'),
            tokenRead(blockNumber, order.makerTokenAddress, maker, 'allowance'),
            tokenRead(blockNumber, addresses.zrx, maker, 'balance'),
            tokenRead(blockNumber, addresses.zrx, maker, 'allowance'),
          ]);
        return {
          filledTakerTokenAmount: filled,
          cancelledTakerTokenAmount: cancelled,
          makerBalance,
          makerAllowance,
          makerZrxBalance,
          makerZrxAllowance,
          blockNumber,
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
