import type { Address, Hex } from '@relayer/protocol';
import { useCallback } from 'react';
import { useNetworkInfo } from '../network/useNetworkInfo';
import { useExchangeSend } from '../shared/exchange/useExchangeSend';
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
 * Sends a market order's one Exchange call from the connected account (`useExchangeSend`: simulated
 * first, so a revert is explained before the wallet asks anything, then followed to its receipt); the
 * receipt's LogFill and LogError events say what each order gave or why the Exchange skipped it.
 */
export function useMarketOrderWrite(): (send: MarketOrderSend) => Promise<MarketOrderOutcome> {
  const { send } = useExchangeSend();
  const networkExchange = useNetworkInfo()?.exchange;
  return useCallback(
    async ({ call, exchange, orderHashes }) => {
      if (networkExchange && exchange.toLowerCase() !== networkExchange.toLowerCase()) {
        throw new Error('The quote is for another Exchange than this network’s: nothing was sent');
      }
      const sent = await send(call, (result) => {
        // fillOrdersUpTo returns what it would fill; nothing means every order would be skipped.
        if (call.functionName === 'fillOrdersUpTo' && result === 0n) {
          throw new Error('None of these orders can be filled any more: review the market order again');
        }
      });
      const fills = decodeMarketFills(sent.receipt.logs, sent.exchange, orderHashes);
      return { ...fills, transactionHash: sent.receipt.transactionHash };
    },
    [send, networkExchange],
  );
}
