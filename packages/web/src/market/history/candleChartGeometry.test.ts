import type { Candle } from '@relayer/protocol';
import { expect, test } from 'vitest';
import { candleChartGeometry } from './candleChartGeometry';

const box = { width: 110, height: 120, top: 10, bottom: 10, left: 5, right: 5 };
const candle = (start: number, open: string, high: string, low: string, close: string): Candle => ({
  start,
  open,
  high,
  low,
  close,
  baseVolume: '1',
  quoteVolume: '1',
  tradeCount: 1,
});

test('places candles by time, gaps kept, and prices between the lowest low and the highest high', () => {
  const geometry = candleChartGeometry(
    [candle(0, '2', '4', '1', '3'), candle(120, '3', '5', '2', '2')],
    60,
    box,
  );
  expect(geometry?.low).toBe('1');
  expect(geometry?.high).toBe('5');
  const [rising, falling] = geometry?.shapes ?? [];
  // Three slots of 100/3 units; the second candle sits in the third.
  expect(rising?.x).toBeCloseTo(5 + (100 / 3) * 0.15);
  expect(falling?.x).toBeCloseTo(5 + 200 / 3 + (100 / 3) * 0.15);
  expect(rising).toMatchObject({ rising: true, wickTop: 35, wickBottom: 110, bodyTop: 60, bodyHeight: 25 });
  expect(falling).toMatchObject({ rising: false, wickTop: 10, wickBottom: 85, bodyTop: 60, bodyHeight: 25 });
});

test('a flat market is a line across the middle; no candles, no chart', () => {
  const flat = candleChartGeometry([candle(0, '1', '1', '1', '1')], 60, box);
  expect(flat?.shapes[0]).toMatchObject({ wickTop: 60, wickBottom: 60, bodyHeight: 1 });
  expect(candleChartGeometry([], 60, box)).toBeUndefined();
});
