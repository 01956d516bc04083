import type { Candle } from '@relayer/protocol';

/** One candle as drawn: its body from open to close and its wick from high to low, in SVG units. */
export interface CandleShape {
  start: number;
  x: number;
  width: number;
  bodyTop: number;
  bodyHeight: number;
  wickTop: number;
  wickBottom: number;
  rising: boolean;
}

export interface ChartBox {
  width: number;
  height: number;
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/**
 * Where each candle goes: time along the x axis (one slot per interval from the first shown candle to
 * the last, so gaps without trades stay gaps), price up the y axis between the lowest low and highest
 * high. Prices become floats here only to place pixels; every figure shown as text stays the wire's.
 */
export function candleChartGeometry(
  candles: readonly Candle[],
  seconds: number,
  box: ChartBox,
): { shapes: CandleShape[]; low: string; high: string } | undefined {
  const first = candles[0];
  const last = candles.at(-1);
  if (!first || !last) return undefined;
  const slots = (last.start - first.start) / seconds + 1;
  const lows = candles.map((c) => Number(c.low));
  const highs = candles.map((c) => Number(c.high));
  const min = Math.min(...lows);
  const max = Math.max(...highs);
  const lowCandle = candles[lows.indexOf(min)] as Candle;
  const highCandle = candles[highs.indexOf(max)] as Candle;
  const plotWidth = box.width - box.left - box.right;
  const plotHeight = box.height - box.top - box.bottom;
  const slot = plotWidth / slots;
  // A flat market (every price equal) is drawn as a line across the middle.
  const y = (price: number) =>
    max === min ? box.top + plotHeight / 2 : box.top + ((max - price) / (max - min)) * plotHeight;
  const shapes = candles.map((candle) => {
    const open = y(Number(candle.open));
    const close = y(Number(candle.close));
    const index = (candle.start - first.start) / seconds;
    const width = Math.max(1, slot * 0.7);
    return {
      start: candle.start,
      x: box.left + index * slot + (slot - width) / 2,
      width,
      bodyTop: Math.min(open, close),
      // A candle that opened and closed at one price still shows as a line.
      bodyHeight: Math.max(1, Math.abs(close - open)),
      wickTop: y(Number(candle.high)),
      wickBottom: y(Number(candle.low)),
      rising: Number(candle.close) >= Number(candle.open),
    };
  });
  return { shapes, low: lowCandle.low, high: highCandle.high };
}
