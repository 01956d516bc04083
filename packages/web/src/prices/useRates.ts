import type { TokenPrice, UsdPrice } from '@relayer/protocol';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useRelayerApi } from '../api/useRelayerApi';
import { useWebConfig } from '../config/useWebConfig';
import type { PriceBook } from './PriceBook';
import { ratesQuery } from './ratesQuery';

export interface RatesState {
  book: PriceBook | undefined;
  /** A listed token's USD price by its address, undefined when the relayer has none for that address. */
  tokenPrice(address: string | undefined): TokenPrice | undefined;
  /** A catalogue coin's USD price by its catalogue symbol. */
  coinPrice(symbol: string): UsdPrice | undefined;
}

/**
 * Reads the shared rates query. However many components call it, the 5-minute refresh is a single
 * refetchInterval owned by <RatesRefresher> (mounted once in the shell), never one timer per reader.
 */
export function useRates(): RatesState {
  const api = useRelayerApi();
  const { config, variant } = useWebConfig();
  const { data } = useQuery(ratesQuery(api, variant, config.tickerUrl));
  // hasOwn: an address or symbol such as "constructor" must not find Object.prototype members.
  const tokenPrice = useCallback(
    (address: string | undefined) => {
      const key = address?.toLowerCase();
      return data && key && Object.hasOwn(data.tokens, key) ? data.tokens[key] : undefined;
    },
    [data],
  );
  const coinPrice = useCallback(
    (symbol: string) => {
      const key = symbol.trim().toUpperCase();
      return data && Object.hasOwn(data.coins, key) ? data.coins[key] : undefined;
    },
    [data],
  );
  return { book: data, tokenPrice, coinPrice };
}
