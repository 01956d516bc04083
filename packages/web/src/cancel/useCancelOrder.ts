import { type OrderRecord, orderToContractArgs } from '@relayer/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '../api/queryKeys';
import { useVariant } from '../config/useVariant';
import { baseUnits } from '../format/amounts';
import { useChainNow } from '../network/useChainNow';
import { useNotify } from '../notifications/useNotify';
import { useExchangeWrite } from '../shared/exchange/useExchangeWrite';
import { failureText } from '../shared/orderDialog/failureText';
import { explainZeroCancel } from './explainZeroCancel';

/** Cancels what remains of the connected maker's order on the Exchange (PROTOCOL.md §4.6). */
export function useCancelOrder(order: OrderRecord): () => Promise<boolean> {
  const write = useExchangeWrite();
  const notify = useNotify();
  // The Exchange judges expiry by block time: explain a refused fill by the chain's clock.
  const chainNowSec = useChainNow();
  const queryClient = useQueryClient();
  const { key } = useVariant();
  return useCallback(async () => {
    const { orderAddresses, orderValues } = orderToContractArgs(order);
    try {
      const outcome = await write(
        {
          functionName: 'cancelOrder',
          args: [orderAddresses, orderValues, baseUnits(order.remainingTakerTokenAmount)],
        },
        order.orderHash,
        () => explainZeroCancel(order, chainNowSec),
      );
      if (outcome.kind !== 'cancelled')
        throw new Error('The exchange did not report a cancellation for this order');
      notify({ type: 'success', text: 'Order cancelled, database will update shortly' });
      return true;
    } catch (err) {
      console.error('Cancel failed', { orderHash: order.orderHash }, err);
      notify({ type: 'error', text: failureText(err, 'Cancel failed, check log for details'), noKill: true });
      return false;
    } finally {
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders(key) });
    }
  }, [order, write, notify, queryClient, key, chainNowSec]);
}
