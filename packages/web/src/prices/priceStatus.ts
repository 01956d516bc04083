import type { PriceQuality, UsdPrice } from '@relayer/protocol';

export interface PriceStatus {
  quality: PriceQuality;
  /** How old the price is (ms); undefined for examples and prices without a time. */
  ageMs: number | undefined;
  /** The short visible label: "example price", "live · 3 min ago", "stale · 2 h old". */
  label: string;
  /** The long form for a tooltip: what the price is, where it comes from, when. */
  detail: string;
}

const SOURCE_NAMES: Record<UsdPrice['source'], string> = {
  static: "the relayer's built-in example prices",
  ticker: 'the market-data ticker',
  coingecko: 'CoinGecko',
};

/**
 * Where a price comes from and how far it can be trusted now: the relayer's quality, and a live price
 * turns stale here too once older than `maxAgeMs` (the page may stay open long after the answer).
 */
export function priceStatus(price: UsdPrice, maxAgeMs: number, now: number): PriceStatus {
  const source = SOURCE_NAMES[price.source];
  if (price.quality === 'example') {
    return {
      quality: 'example',
      ageMs: undefined,
      label: 'example price',
      detail: `Example price from ${source}, not market data: do not trade by it`,
    };
  }
  const asOf = price.asOf === null ? Number.NaN : Date.parse(price.asOf);
  const ageMs = Number.isFinite(asOf) ? Math.max(0, now - asOf) : undefined;
  const stale = price.quality === 'stale' || ageMs === undefined || ageMs > maxAgeMs;
  const when = ageMs === undefined ? 'at an unknown time' : `as of ${new Date(asOf).toLocaleString()}`;
  if (stale) {
    return {
      quality: 'stale',
      ageMs,
      label: ageMs === undefined ? 'stale · age unknown' : `stale · ${formatAge(ageMs)} old`,
      detail: `Stale price from ${source}, ${when}: older than ${formatAge(maxAgeMs)}, the market may have moved`,
    };
  }
  return {
    quality: 'live',
    ageMs,
    label: ageMs < 60_000 ? 'live · just now' : `live · ${formatAge(ageMs)} ago`,
    detail: `Market price from ${source}, ${when}`,
  };
}

/** "40 s", "3 min", "2 h", "4 d": the largest whole unit. */
export function formatAge(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} d`;
}
