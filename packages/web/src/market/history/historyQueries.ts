import {
  type CandleInterval,
  type CandleListResponse,
  candleListResponseSchema,
  type Ticker,
  tickerListResponseSchema,
} from '@relayer/protocol';
import type { z } from 'zod';
import { ApiError } from '../../api/ApiError';
import { relayerUrl } from '../../api/relayerPaths';
import { toApiError } from '../../api/toApiError';

/** Where a market's price history is cached; one prefix, so one trade refreshes every interval. */
export function marketHistoryKey(variantKey: string, base: string, quote: string) {
  return ['marketHistory', variantKey, base, quote] as const;
}

async function getJson<T>(baseUrl: string, path: string, schema: z.ZodType<T>): Promise<T> {
  const response = await fetch(relayerUrl(baseUrl, path), { headers: { accept: 'application/json' } });
  if (!response.ok) throw await toApiError(response);
  const parsed = schema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success)
    throw new ApiError(response.status, 'INTERNAL_ERROR', `Unexpected answer from ${path}`);
  return parsed.data;
}

/** The latest page of a market's candles (`GET /markets/{base}/{quote}/candles`, up to now). */
export function candlesQuery(
  baseUrl: string,
  variantKey: string,
  base: string,
  quote: string,
  interval: CandleInterval,
) {
  return {
    queryKey: [...marketHistoryKey(variantKey, base, quote), 'candles', interval] as const,
    queryFn: (): Promise<CandleListResponse> =>
      getJson(baseUrl, `/markets/${base}/${quote}/candles?interval=${interval}`, candleListResponseSchema),
  };
}

/** Every traded market's 24 h figures (`GET /tickers`), the market list. */
export function tickersQuery(baseUrl: string, variantKey: string) {
  return {
    queryKey: ['marketHistory', variantKey, 'tickers'] as const,
    queryFn: async (): Promise<Ticker[]> =>
      (await getJson(baseUrl, '/tickers', tickerListResponseSchema)).tickers,
  };
}

/** A market's 24 h figures (`GET /tickers` for this pair, in this orientation). */
export function tickerQuery(baseUrl: string, variantKey: string, base: string, quote: string) {
  return {
    queryKey: [...marketHistoryKey(variantKey, base, quote), 'ticker'] as const,
    queryFn: async (): Promise<Ticker | null> => {
      const search = `baseTokenAddress=${base}&quoteTokenAddress=${quote}`;
      const answer = await getJson(baseUrl, `/tickers?${search}`, tickerListResponseSchema);
      return answer.tickers[0] ?? null;
    },
  };
}
