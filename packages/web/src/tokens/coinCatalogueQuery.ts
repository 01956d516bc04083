import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '../api/queryKeys';

/** The embedded catalogue: a chunk of its own, fetched once on first use and never stale. */
export const coinCatalogueQuery = queryOptions({
  queryKey: queryKeys.coinCatalogue(),
  queryFn: async () => (await import('./coinCatalogueEntries')).coinCatalogueEntries,
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
});
