import type { OrderQuery, TradeQuery } from '@relayer/protocol';

/** The relayer's read paths, shared by the API client and the boot script so both ask the same URLs. */
export const relayerPaths = {
  tokens: '/token',
  rates: '/rates',
  networkInfo: '/config',
  orders: (query: Partial<OrderQuery> = {}) => `/order${toSearch(query)}`,
  orderbook: ({ base, quote, page = 1, perPage = 100 }: OrderbookQuery) =>
    `/v0/orderbook${toSearch({ baseTokenAddress: base, quoteTokenAddress: quote, records: 'true', page, per_page: perPage })}`,
  trades: (query: Partial<TradeQuery> = {}) => `/trades${toSearch(query)}`,
};

/** One market's book: `page` of `perPage` orders per side (the relayer serves at most 100). */
export interface OrderbookQuery {
  base: string;
  quote: string;
  page?: number;
  perPage?: number;
}

/** `baseUrl` (with the '/kovan' prefix on the test network) joined with a path. */
export function relayerUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${path}`;
}

function toSearch(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}
