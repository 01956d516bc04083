import type { QuoteResponse } from '@relayer/protocol';
import { useCallback } from 'react';
import { useVariant } from '../config/useVariant';
import { fetchMarketQuote } from './fetchMarketQuote';
import { type MarketOrderRequest, marketOrderQuery } from './marketOrderQuery';

/** A quote older than this is asked again before it is sent: the book moves. */
export const QUOTE_MAX_AGE_MS = 5_000;

export interface LoadedQuote {
  quote: QuoteResponse;
  /** Date.now() when the quote arrived. */
  fetchedAt: number;
}

/** Asks the relayer for a quote of a request. */
export function useMarketQuote(): (request: MarketOrderRequest) => Promise<LoadedQuote> {
  const { relayerUrl } = useVariant();
  return useCallback(
    async (request) => ({
      quote: await fetchMarketQuote({ baseUrl: relayerUrl, query: marketOrderQuery(request) }),
      fetchedAt: Date.now(),
    }),
    [relayerUrl],
  );
}
