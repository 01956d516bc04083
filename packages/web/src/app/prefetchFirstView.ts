import type { QueryClient } from '@tanstack/react-query';
import { createRelayerApi } from '../api/relayerApi';
import { ordersQuery } from '../browse/ordersQuery';
import { initialOrdersQueryState, toOrdersRequest } from '../browse/ordersQueryState';
import type { Variant, WebConfig } from '../config/webConfigSchema';
import { networkInfoQuery } from '../network/networkInfoQuery';
import { ratesQuery } from '../prices/ratesQuery';
import { tokensQuery } from '../tokens/tokensQuery';

/**
 * Runs the first view's queries before React renders, with the same keys and functions as the hooks
 * that read them: the token list, the network info, the rates and, on the home page, the book's first
 * page (the requests of src/boot/bootRequests.ts, whose answers the API client adopts). Pages then
 * render with their data in their first pass, and the grid mounts once, with its rows. Resolves when
 * every query has settled; failures stay in the cache for the hooks to show and retry.
 */
export async function prefetchFirstView(
  queryClient: QueryClient,
  config: WebConfig,
  variant: Variant,
  pathname: string,
): Promise<void> {
  const api = createRelayerApi(variant.relayerUrl);
  const prefetches = [
    queryClient.prefetchQuery(tokensQuery(api, variant.key)),
    queryClient.prefetchQuery(networkInfoQuery(api, variant.key)),
    queryClient.prefetchQuery(ratesQuery(api, variant, config.tickerUrl)),
  ];
  if (pathname === '/') {
    const firstPage = toOrdersRequest(initialOrdersQueryState({}));
    prefetches.push(queryClient.prefetchQuery(ordersQuery(api, variant.key, firstPage)));
  }
  await Promise.all(prefetches);
}
