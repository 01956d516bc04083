import { coinSlug } from '@relayer/protocol';
import type { CoinCatalogueEntry } from '../tokens/coinCatalogueEntry';

/** The entry whose overview slug this is (slugs compare case-insensitively), or undefined. */
export function findCoinBySlug(
  catalogue: Record<string, CoinCatalogueEntry>,
  slug: string,
): CoinCatalogueEntry | undefined {
  const wanted = slug.toLowerCase();
  return Object.values(catalogue).find((entry) => coinSlug(entry.Symbol) === wanted);
}
