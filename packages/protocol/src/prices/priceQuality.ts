import type { PriceSourceName } from '../api/responses';

/** `live`: market data younger than the age limit; `stale`: older, or of unknown age; `example`: the embedded static prices. */
export type PriceQuality = 'live' | 'stale' | 'example';

/**
 * How far a USD price may be trusted. Static prices are always examples, whatever their age; a market
 * price older than `maxAgeMs`, or without a time, is stale. `asOf` and `now` are unix milliseconds.
 */
export function priceQuality(
  source: PriceSourceName,
  asOf: number | null,
  now: number,
  maxAgeMs: number,
): PriceQuality {
  if (source === 'static') return 'example';
  return asOf !== null && now - asOf <= maxAgeMs ? 'live' : 'stale';
}
