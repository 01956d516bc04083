import { CANDLE_INTERVAL_SECONDS, CANDLES_MAX_PER_PAGE, type CandleInterval } from '@relayer/protocol';

export interface CandleRangeInput {
  interval: CandleInterval;
  from?: number | undefined;
  to?: number | undefined;
  /** Unix seconds: the default `to`. */
  now: number;
}

/** One page's span: candle starts `from`..`to` (inclusive), and where the next page starts (or null). */
export interface CandleRange {
  seconds: number;
  from: number;
  to: number;
  nextFrom: number | null;
}

/**
 * The candles one page covers: `from` and `to` rounded down to candle starts, at most
 * CANDLES_MAX_PER_PAGE of them, so one page reads at most that many intervals of trades whatever range
 * was asked; the rest is the next page's.
 */
export function candleRange({ interval, from, to, now }: CandleRangeInput): CandleRange {
  const seconds = CANDLE_INTERVAL_SECONDS[interval];
  const floor = (time: number) => time - (time % seconds);
  const last = floor(to ?? now);
  const first = from === undefined ? Math.max(0, last - (CANDLES_MAX_PER_PAGE - 1) * seconds) : floor(from);
  const pageLast = Math.min(last, first + (CANDLES_MAX_PER_PAGE - 1) * seconds);
  return { seconds, from: first, to: pageLast, nextFrom: pageLast < last ? pageLast + seconds : null };
}
