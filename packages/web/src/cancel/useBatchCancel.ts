import type { OrderRecord } from '@relayer/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '../api/queryKeys';
import { useVariant } from '../config/useVariant';
import { useExchangeSend } from '../shared/exchange/useExchangeSend';
import type { TxRequest } from '../tx/TxRequest';
import type { TxStatus } from '../tx/TxStatus';
import { type BatchCancelOutcome, decodeBatchCancel } from './decodeBatchCancel';
import { toBatchCancelCall } from './toBatchCancelCall';

/** More orders than this in one transaction risks the block's gas limit; the form says so. */
export const MAX_BATCH_CANCEL = 100;

/**
 * Cancels what remains of several of the connected maker's orders in one `batchCancelOrders`
 * transaction (`useExchangeSend`: simulated first, so a revert is explained before the wallet asks
 * anything, then followed to its receipt); the receipt's LogCancel / LogError per order says which
 * left the book. Throws on a revert or rejection.
 */
export interface BatchCancel {
  /** Sends the one transaction; resolves with which orders left the book. */
  cancel(orders: readonly OrderRecord[]): Promise<BatchCancelOutcome>;
  /** The transaction it would send, for its network cost before the prompt. */
  request(orders: readonly OrderRecord[]): TxRequest | undefined;
  /** Where the last send stands. */
  status: TxStatus;
}

export function useBatchCancel(): BatchCancel {
  const queryClient = useQueryClient();
  const { key } = useVariant();
  const { send, request, status } = useExchangeSend();

  const cancel = useCallback(
    async (orders: readonly OrderRecord[]) => {
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
  const requestFor = useCallback(
    (orders: readonly OrderRecord[]) => (orders.length > 0 ? request(toBatchCancelCall(orders)) : undefined),
    [request],
  );
  return { cancel, request: requestFor, status };
}
