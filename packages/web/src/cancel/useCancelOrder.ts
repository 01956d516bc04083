import { type OrderRecord, orderToContractArgs } from '@relayer/protocol';
import { useCallback } from 'react';
import { baseUnits } from '../format/amounts';
import type { ExchangeCall } from '../shared/exchange/useExchangeWrite';
import { useOrderTransaction } from '../shared/exchange/useOrderTransaction';
import { failureText } from '../shared/orderDialog/failureText';
import { spedUpNote } from '../tx/spedUpNote';
import type { TxRequest } from '../tx/TxRequest';
import type { TxStatus } from '../tx/TxStatus';
import { explainZeroCancel } from './explainZeroCancel';

export interface CancelOrder {
  /** Cancels the rest of the order; resolves true on LogCancel, false after telling the user why not. */
  cancel(): Promise<boolean>;
  /** The cancel as a transaction, for its network cost before the prompt. */
  request: TxRequest | undefined;
  status: TxStatus;
}

function cancelCall(order: OrderRecord): ExchangeCall {
  const { orderAddresses, orderValues } = orderToContractArgs(order);
  return {
    functionName: 'cancelOrder',
    args: [orderAddresses, orderValues, baseUnits(order.remainingTakerTokenAmount)],
  };
}

/** Cancels what remains of the connected maker's order on the Exchange (PROTOCOL.md §4.6). */
export function useCancelOrder(order: OrderRecord): CancelOrder {
  const { write, request, status, notify, chainNowSec, refetch } = useOrderTransaction();
  const cancel = useCallback(async () => {
    try {
      const outcome = await write(cancelCall(order), order.orderHash, () =>
        explainZeroCancel(order, chainNowSec),
      );
      if (outcome.kind !== 'cancelled')
        throw new Error('The exchange did not report a cancellation for this order');
      notify({
        type: 'success',
        text: `Order cancelled, database will update shortly${spedUpNote(outcome.spedUpFrom)}`,
      });
      return true;
    } catch (err) {
      console.error('Cancel failed', { orderHash: order.orderHash }, err);
      notify({ type: 'error', text: failureText(err, 'Cancel failed, check log for details'), noKill: true });
      return false;
    } finally {
      refetch(false);
    }
  }, [order, write, notify, refetch, chainNowSec]);
  return { cancel, request: request(cancelCall(order)), status };
}
