import type { QuoteResponse } from '@relayer/protocol';
import { useCallback } from 'react';
import { useVariant } from '../config/useVariant';
import { useWallet } from '../wallet/useWallet';
import { fetchMarketQuote } from './fetchMarketQuote';
import { type MarketOrderRequest, marketOrderQuery } from './marketOrderQuery';

/** A quote older than this is asked again before it is sent: the book moves. */
export const QUOTE_MAX_AGE_MS = 5_000;

export interface LoadedQuote {
  quote: QuoteResponse;
  /** The node's gas price (wei) when the quote was read; undefined without a node connection. */
  gasPrice?: bigint;
  /** Date.now() when the quote arrived. */
  fetchedAt: number;
}

/** Asks the relayer for a quote of a request, and the node for its gas price, at the same time. */
export function useMarketQuote(): (request: MarketOrderRequest) => Promise<LoadedQuote> {
  const { relayerUrl } = useVariant();
  const { publicClient } = useWallet();
  return useCallback(
    async (request) => {
      const [quote, gasPrice] = await Promise.all([
        fetchMarketQuote({ baseUrl: relayerUrl, query: marketOrderQuery(request) }),
        publicClient?.getGasPrice().catch(() => undefined),
      ]);
      return { quote, fetchedAt: Date.now(), ...(gasPrice === undefined ? {} : { gasPrice }) };
    },
    [relayerUrl, publicClient],
  );
}
