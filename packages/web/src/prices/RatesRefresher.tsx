import { useQuery } from '@tanstack/react-query';
import { useRelayerApi } from '../api/useRelayerApi';
import { useWebConfig } from '../config/useWebConfig';
import { RATES_REFRESH_MS, ratesQuery } from './ratesQuery';

/**
 * The one observer with a refetch interval on the rates query; mounted once by the shell (lazily:
 * it brings the relayer client and wire schemas, which the first paint does not need).
 */
export default function RatesRefresher() {
  const api = useRelayerApi();
  const { config, variant } = useWebConfig();
  useQuery({ ...ratesQuery(api, variant, config.tickerUrl), refetchInterval: RATES_REFRESH_MS });
  return null;
}
