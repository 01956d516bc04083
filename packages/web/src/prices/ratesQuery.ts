import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../api/queryKeys';
import type { RelayerApi } from '../api/relayerApi';
import type { Variant } from '../config/webConfigSchema';
import { tokensQuery } from '../tokens/tokensQuery';
import type { PriceBook } from './PriceBook';

/** SPEC §9: rates refresh every 300000 ms. */
export const RATES_REFRESH_MS = 300_000;

/**
 * The prices: the relayer's `/rates` (per-address token prices with source, time and quality), or a
 * SPEC §7 ticker read directly when the deployment configures `tickerUrl` (then priced by the same
 * address rule over the token list).
 */
export function ratesQuery(
  api: RelayerApi,
  variant: Pick<Variant, 'key' | 'chainId'>,
  tickerUrl: string | undefined,
) {
  return {
    queryKey: queryKeys.rates(variant.key),
    queryFn: async ({ client }: { client: QueryClient }): Promise<PriceBook> => {
      if (tickerUrl) {
        // Loaded only by deployments that read a ticker, so the first view of the others stays lighter.
        const [tokens, { fetchTickerPrices }] = await Promise.all([
          client.ensureQueryData(tokensQuery(api, variant.key)),
          import('./fetchTickerPrices'),
        ]);
        return fetchTickerPrices(tickerUrl, tokens, variant.chainId);
      }
      const { maxAgeMs, tokens, coins } = await api.getRates();
      return { maxAgeMs, tokens, coins };
    },
    // Readers never trigger a refetch on their own: the single RatesRefresher owns the schedule.
    staleTime: RATES_REFRESH_MS,
  };
}
