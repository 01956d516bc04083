import { exchangeArtifact } from '@relayer/contracts';
import type { Address, Hex } from '@relayer/protocol';
import { useCallback } from 'react';
import { useNetworkInfo } from '../network/useNetworkInfo';
import { toExchangeRevert } from '../shared/exchange/toExchangeRevert';
import { useWallet } from '../wallet/useWallet';
import type { MarketOrderCall } from './buildMarketOrderCall';
import { decodeMarketFills, type MarketFills } from './decodeMarketFills';

export interface MarketOrderSend {
  call: MarketOrderCall;
  /** The Exchange the quote's orders are for; refused unless it is this network's. */
  exchange: Address;
  /** The orders sent, in the call's order, so each one's outcome can be told. */
  orderHashes: readonly Hex[];
}

export type MarketOrderOutcome = MarketFills & { transactionHash: Hex };

/**
 * Sends a market order's one Exchange call from the connected account: simulated first, so a revert is
 * explained before the wallet asks anything; then the receipt's LogFill and LogError events say what
 * each order gave or why the Exchange skipped it.
 */
export function useMarketOrderWrite(): (send: MarketOrderSend) => Promise<MarketOrderOutcome> {
  const { address, publicClient, walletClient } = useWallet();
  const networkInfo = useNetworkInfo();
  return useCallback(
    async ({ call, exchange, orderHashes }) => {
      if (!address || !walletClient || !publicClient) throw new Error('Connect your wallet first');
      if (!networkInfo) throw new Error('The relayer settings have not loaded yet: try again in a moment');
      if (exchange.toLowerCase() !== networkInfo.exchange.toLowerCase()) {
        throw new Error('The quote is for another Exchange than this network’s: nothing was sent');
      }
      const { request, result } = await publicClient
        .simulateContract({
          address: networkInfo.exchange,
          abi: exchangeArtifact.abi,
          account: address,
          ...call,
        } as Parameters<typeof publicClient.simulateContract>[0])
        .catch((err: unknown) => {
          throw toExchangeRevert(err);
        });
      // fillOrdersUpTo returns what it would fill; nothing means every order would be skipped.
      if (call.functionName === 'fillOrdersUpTo' && result === 0n) {
        throw new Error('None of these orders can be filled any more: review the market order again');
      }
      const hash = await walletClient.writeContract({
        ...request,
        account: walletClient.account ?? address,
        chain: walletClient.chain,
      });
      const receipt = await publicClient.waitForTransactionReceipt({ hash });
      if (receipt.status !== 'success') throw new Error('The transaction was reverted on chain');
      return { ...decodeMarketFills(receipt.logs, networkInfo.exchange, orderHashes), transactionHash: hash };
    },
    [address, walletClient, publicClient, networkInfo],
  );
}
