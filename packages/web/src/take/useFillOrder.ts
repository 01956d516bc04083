import { type OrderRecord, orderToContractArgs } from '@relayer/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '../api/queryKeys';
import { useVariant } from '../config/useVariant';
import { useChainNow } from '../network/useChainNow';
import { useNotify } from '../notifications/useNotify';
import { type ExchangeCall, useExchangeWrite } from '../shared/exchange/useExchangeWrite';
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
  const { write, request, status } = useExchangeWrite();
  const notify = useNotify();
  // The Exchange judges expiry by block time: explain a refused fill by the chain's clock.
  const chainNowSec = useChainNow();
  const queryClient = useQueryClient();
  const { key } = useVariant();
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
        void queryClient.invalidateQueries({ queryKey: queryKeys.orders(key) });
        void queryClient.invalidateQueries({ queryKey: queryKeys.tokenAccount(key) });
      }
    },
    [order, write, notify, queryClient, key, chainNowSec],
  );
  const fillRequest = useCallback(
    (fillTakerAmount: bigint) => request(fillCall(order, fillTakerAmount)),
    [order, request],
  );
  return { fill, request: fillRequest, status };
}
