import type { Address, Hex } from '@relayer/protocol';
import { useCallback } from 'react';
import { useNetworkInfo } from '../network/useNetworkInfo';
import { toExchangeRevert } from '../shared/exchange/toExchangeRevert';
import { useExchangeSend } from '../shared/exchange/useExchangeSend';
import type { TxRequest } from '../tx/TxRequest';
import type { TxStatus } from '../tx/TxStatus';
import { useWallet } from '../wallet/useWallet';
import { anyOrderWouldFill } from './anyOrderWouldFill';
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

export interface MarketOrderWrite {
  send(send: MarketOrderSend): Promise<MarketOrderOutcome>;
  /** The transaction of `call` on this network's Exchange, for its cost before the prompt. */
  request(call: MarketOrderCall): TxRequest | undefined;
  status: TxStatus;
}

/**
 * Sends a market order's one Exchange call from the connected account (`useExchangeSend`: simulated
 * first, so a revert is explained before the wallet asks anything, then followed to its receipt); the
 * receipt's LogFill and LogError events say what each order gave or why the Exchange skipped it.
 */
export function useMarketOrderWrite(): MarketOrderWrite {
  const { send, request, status } = useExchangeSend();
  const { address, publicClient } = useWallet();
  const networkExchange = useNetworkInfo()?.exchange;
  const sendOrder = useCallback(
    async ({ call, exchange, orderHashes }: MarketOrderSend) => {
      if (networkExchange && exchange.toLowerCase() !== networkExchange.toLowerCase()) {
        throw new Error('The quote is for another Exchange than this network’s: nothing was sent');
      }
      if (address && publicClient) {
        const fills = await anyOrderWouldFill(publicClient, { exchange, account: address, call }).catch(
          (err: unknown) => {
            throw toExchangeRevert(err);
          },
        );
        if (!fills)
          throw new Error('None of these orders can be filled any more: review the market order again');
      }
      const sent = await send(call);
      const fills = decodeMarketFills(sent.receipt.logs, sent.exchange, orderHashes);
      return { ...fills, transactionHash: sent.receipt.transactionHash };
    },
    [send, networkExchange, address, publicClient],
  );
  return { send: sendOrder, request, status };
}
