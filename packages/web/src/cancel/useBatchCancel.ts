import { exchangeArtifact } from '@relayer/contracts';
import type { OrderRecord } from '@relayer/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '../api/queryKeys';
import { useVariant } from '../config/useVariant';
import { useNetworkInfo } from '../network/useNetworkInfo';
import { toExchangeRevert } from '../shared/exchange/toExchangeRevert';
import { useWallet } from '../wallet/useWallet';
import { type BatchCancelOutcome, decodeBatchCancel } from './decodeBatchCancel';
import { type BatchCancelCall, toBatchCancelCall } from './toBatchCancelCall';

/** More orders than this in one transaction risks the block's gas limit; the form says so. */
export const MAX_BATCH_CANCEL = 100;

/**
 * Cancels what remains of several of the connected maker's orders in one `batchCancelOrders`
 * transaction: simulated first, so a revert is explained before the wallet asks anything, then the
 * receipt's LogCancel / LogError per order says which left the book. Throws on a revert or rejection.
 */
export function useBatchCancel(): (orders: readonly OrderRecord[]) => Promise<BatchCancelOutcome> {
  const { address, publicClient, walletClient } = useWallet();
  const networkInfo = useNetworkInfo();
  const queryClient = useQueryClient();
  const { key } = useVariant();

  // The request object is the one useExchangeWrite's callers pass, so this can move onto it.
  const send = useCallback(
    async (call: BatchCancelCall) => {
      if (!address || !walletClient || !publicClient) throw new Error('Connect your wallet first');
      if (!networkInfo) throw new Error('The relayer settings have not loaded yet: try again in a moment');
      const exchange = networkInfo.exchange;
      const { request } = await publicClient
        .simulateContract({ address: exchange, abi: exchangeArtifact.abi, account: address, ...call })
        .catch((err: unknown) => {
          throw toExchangeRevert(err);
        });
      const hash = await walletClient.writeContract({
        ...request,
        account: walletClient.account ?? address,
        chain: walletClient.chain,
      });
      const receipt = await publicClient.waitForTransactionReceipt({ hash });
      if (receipt.status !== 'success') throw new Error('The transaction was reverted on chain');
      return { exchange, receipt };
    },
    [address, walletClient, publicClient, networkInfo],
  );

  return useCallback(
    async (orders) => {
      if (orders.length === 0) throw new Error('Choose the orders to cancel first');
      if (orders.length > MAX_BATCH_CANCEL)
        throw new Error(`Cancel at most ${MAX_BATCH_CANCEL} orders in one transaction`);
      try {
        const { exchange, receipt } = await send(toBatchCancelCall(orders));
        return decodeBatchCancel(
          receipt.logs,
          exchange,
          orders.map((order) => order.orderHash),
          receipt.transactionHash,
        );
      } finally {
        for (const readers of [queryKeys.myOrders(key), queryKeys.orders(key), queryKeys.orderbook(key)]) {
          void queryClient.invalidateQueries({ queryKey: readers });
        }
      }
    },
    [send, queryClient, key],
  );
}
