import type { OrderQuery } from '@relayer/protocol';

/** The relayer's read paths, shared by the API client and the boot script so both ask the same URLs. */
export const relayerPaths = {
  tokens: '/token',
  rates: '/rates',
  networkInfo: '/config',
  orders: (query: Partial<OrderQuery> = {}) => `/order${toSearch(query)}`,
};

/** `baseUrl` (with the '/kovan' prefix on the test network) joined with a path. */
export function relayerUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${path}`;
}

function toSearch(query: Partial<OrderQuery>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}
