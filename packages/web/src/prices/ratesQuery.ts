import type { RatesResponse } from '@relayer/protocol';
import { queryKeys } from '../api/queryKeys';
import type { RelayerApi } from '../api/relayerApi';
import { fetchTickerRates } from './fetchTickerRates';

/** SPEC §9: rates refresh every 300000 ms. */
export const RATES_REFRESH_MS = 300_000;

export function ratesQuery(api: RelayerApi, variantKey: string, tickerUrl: string | undefined) {
  return {
    queryKey: queryKeys.rates(variantKey),
    queryFn: (): Promise<RatesResponse> => (tickerUrl ? fetchTickerRates(tickerUrl) : api.getRates()),
    // Readers never trigger a refetch on their own: the single RatesRefresher owns the schedule.
    staleTime: RATES_REFRESH_MS,
  };
}
