import { type QuoteResponse, quoteResponseSchema } from '@relayer/protocol';
import { ApiError } from '../api/ApiError';
import { relayerUrl } from '../api/relayerPaths';
import { toApiError } from '../api/toApiError';

export interface FetchMarketQuoteInput {
  /** The variant's relayer URL (with the '/kovan' prefix on the test network). */
  baseUrl: string;
  query: Record<string, string>;
  fetchFn?: typeof fetch;
}

/** Asks the relayer for a market quote (`GET /quote`); every failure is an ApiError. */
export async function fetchMarketQuote({
  baseUrl,
  query,
  fetchFn = (...args) => fetch(...args),
}: FetchMarketQuoteInput): Promise<QuoteResponse> {
  const path = `/quote?${new URLSearchParams(query).toString()}`;
  const response = await fetchFn(relayerUrl(baseUrl, path), { headers: { accept: 'application/json' } });
  if (!response.ok) throw await toApiError(response);
  const parsed = quoteResponseSchema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) {
    throw new ApiError(
      response.status,
      'INTERNAL_ERROR',
      `Unexpected answer from /quote: ${parsed.error.message}`,
    );
  }
  return parsed.data;
}
