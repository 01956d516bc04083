import { type OrderRecord, orderToContractArgs } from '@relayer/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '../api/queryKeys';
import { useVariant } from '../config/useVariant';
import { useChainNow } from '../network/useChainNow';
import { useNotify } from '../notifications/useNotify';
import { useExchangeWrite } from '../shared/exchange/useExchangeWrite';
import { failureText } from '../shared/orderDialog/failureText';
import { explainZeroFill } from './explainZeroFill';

/**
 * Fills `fillTakerAmount` of the order on the Exchange with its stored signature (SPEC §4 "Fill order",
 * corrected to fill the chosen amount). shouldThrowOnInsufficientBalanceOrAllowance is false, so a
 * shortfall is a LogError 3 explained to the user rather than a bare revert. Resolves true on LogFill.
 */
export function useFillOrder(order: OrderRecord): (fillTakerAmount: bigint) => Promise<boolean> {
  const write = useExchangeWrite();
  const notify = useNotify();
  // The Exchange judges expiry by block time: explain a refused fill by the chain's clock.
  const chainNowSec = useChainNow();
  const queryClient = useQueryClient();
  const { key } = useVariant();
  return useCallback(
    async (fillTakerAmount) => {
      const { orderAddresses, orderValues } = orderToContractArgs(order);
      const { v, r, s } = order.ecSignature;
      try {
        const outcome = await write(
          { functionName: 'fillOrder', args: [orderAddresses, orderValues, fillTakerAmount, false, v, r, s] },
          order.orderHash,
          () => explainZeroFill(order, fillTakerAmount, chainNowSec),
        );
        if (outcome.kind !== 'filled') throw new Error('The exchange did not report a fill for this order');
        notify({ type: 'success', text: 'Order filled, database will update shortly' });
        return true;
      } catch (err) {
        console.error('Fill failed', { orderHash: order.orderHash, fillTakerAmount }, err);
        notify({ type: 'error', text: failureText(err), noKill: true });
        return false;
      } finally {
        void queryClient.invalidateQueries({ queryKey: queryKeys.orders(key) });
        void queryClient.invalidateQueries({ queryKey: queryKeys.tokenAccount(key) });
      }
    },
    [order, write, notify, queryClient, key, chainNowSec],
  );
}
