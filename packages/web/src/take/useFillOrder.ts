import { type OrderRecord, orderToContractArgs } from '@relayer/protocol';
import { useCallback } from 'react';
import type { ExchangeCall } from '../shared/exchange/useExchangeWrite';
import { useOrderTransaction } from '../shared/exchange/useOrderTransaction';
import { failureText } from '../shared/orderDialog/failureText';
import { spedUpNote } from '../tx/spedUpNote';
import type { TxRequest } from '../tx/TxRequest';
import type { TxStatus } from '../tx/TxStatus';
import { explainZeroFill } from './explainZeroFill';

export interface FillOrder {
  /** Fills `fillTakerAmount`; resolves true on LogFill, false after telling the user why not. */
  fill(fillTakerAmount: bigint): Promise<boolean>;
  /** The fill as a transaction, for its network cost before the prompt. */
  request(fillTakerAmount: bigint): TxRequest | undefined;
  status: TxStatus;
}

function fillCall(order: OrderRecord, fillTakerAmount: bigint): ExchangeCall {
  const { orderAddresses, orderValues } = orderToContractArgs(order);
  const { v, r, s } = order.ecSignature;
  return { functionName: 'fillOrder', args: [orderAddresses, orderValues, fillTakerAmount, false, v, r, s] };
}

/**
 * Fills `fillTakerAmount` of the order on the Exchange with its stored signature (SPEC §4 "Fill order",
 * corrected to fill the chosen amount). shouldThrowOnInsufficientBalanceOrAllowance is false, so a
 * shortfall is a LogError 3 explained to the user rather than a bare revert.
 */
export function useFillOrder(order: OrderRecord): FillOrder {
  const { write, request, status, notify, chainNowSec, refetch } = useOrderTransaction();
  const fill = useCallback(
    async (fillTakerAmount: bigint) => {
      try {
        const outcome = await write(fillCall(order, fillTakerAmount), order.orderHash, () =>
          explainZeroFill(order, fillTakerAmount, chainNowSec),
        );
        if (outcome.kind !== 'filled') throw new Error('The exchange did not report a fill for this order');
        notify({
          type: 'success',
          text: `Order filled, database will update shortly${spedUpNote(outcome.spedUpFrom)}`,
        });
        return true;
      } catch (err) {
        console.error('Fill failed', { orderHash: order.orderHash, fillTakerAmount }, err);
        notify({ type: 'error', text: failureText(err), noKill: true });
        return false;
      } finally {
        refetch(true);
      }
    },
    [order, write, notify, refetch, chainNowSec],
  );
  const fillRequest = useCallback(
    (fillTakerAmount: bigint) => request(fillCall(order, fillTakerAmount)),
    [order, request],
  );
  return { fill, request: fillRequest, status };
}
