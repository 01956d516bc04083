import { CANDLES_MAX_PER_PAGE, type Candle, type CandleListResponse } from '@relayer/protocol';

/**
 * A page of candles with one candle of a `candles` message in place: the candle of the same start
 * replaced, or a new one inserted in start order (the page's `to` moved up to it, its oldest candle
 * dropped past a page's worth). Undefined when the message cannot be applied and the page must be read
 * again: no page yet, or a null candle (an interval whose trades a re-org removed), whose start the
 * message does not say.
 */
export function applyCandleUpdate(
  page: CandleListResponse | undefined,
  candle: Candle | null,
): CandleListResponse | undefined {
  if (!page || !candle) return undefined;
  const kept = page.candles.filter((existing) => existing.start !== candle.start);
  const at = kept.findIndex((existing) => existing.start > candle.start);
  const candles = at === -1 ? [...kept, candle] : [...kept.slice(0, at), candle, ...kept.slice(at)];
  const shown = candles.slice(-CANDLES_MAX_PER_PAGE);
  const dropped = candles.length - shown.length;
  return {
    ...page,
    candles: shown,
    from: dropped > 0 ? (shown[0]?.start ?? page.from) : page.from,
    to: Math.max(page.to, candle.start),
  };
}
