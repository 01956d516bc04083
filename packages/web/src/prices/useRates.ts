import { getMarketPrice, type RatesResponse } from '@relayer/protocol';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useRelayerApi } from '../api/useRelayerApi';
import { useWebConfig } from '../config/useWebConfig';
import { ratesQuery } from './ratesQuery';

export interface RatesState {
  rates: RatesResponse | undefined;
  /** USD price by token symbol (WETH priced as ETH); undefined when unknown. */
  marketPrice(symbol: string): string | undefined;
  /** The prices are old (the relayer says stale) or a built-in static list. */
  isStale: boolean;
}

/**
 * Reads the shared rates query. However many components call it, the 5-minute refresh is a single
 * refetchInterval owned by <RatesRefresher> (mounted once in the shell), never one timer per reader.
 */
export function useRates(): RatesState {
  const api = useRelayerApi();
  const { config, variant } = useWebConfig();
  const { data } = useQuery(ratesQuery(api, variant.key, config.tickerUrl));
  const marketPrice = useCallback(
    (symbol: string) => (data ? getMarketPrice(data.rates, symbol) : undefined),
    [data],
  );
  return { rates: data, marketPrice, isStale: data ? data.stale || data.source === 'static' : false };
}
