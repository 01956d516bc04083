import type { PriceQuality } from '@relayer/protocol';

/** Live prices read as quiet; examples and stale prices stand out (never the good/bad colours). */
export const PRICE_QUALITY_COLOR: Record<PriceQuality, string> = {
  live: 'text.secondary',
  stale: 'warning.main',
  example: 'warning.main',
};
