import type { Candle, CandleListResponse } from '@relayer/protocol';
import { CANDLES_MAX_PER_PAGE } from '@relayer/protocol';
import { describe, expect, test } from 'vitest';
import { applyCandleUpdate } from './applyCandleUpdate';

const candle = (start: number, close = '0.1', tradeCount = 1): Candle => ({
  start,
  open: '0.1',
  high: close,
  low: '0.1',
  close,
  baseVolume: String(tradeCount * 10),
  quoteVolume: String(tradeCount),
  tradeCount,
});
const page = (candles: Candle[], from = 0, to = 600): CandleListResponse => ({
  baseTokenAddress: '0xb',
  quoteTokenAddress: '0xq',
  interval: '1m',
  from,
  to,
  candles,
  nextFrom: null,
});

describe('applyCandleUpdate', () => {
  test('replaces the candle of the same start', () => {
    const updated = applyCandleUpdate(page([candle(60), candle(120)]), candle(120, '0.3', 2));
    expect(updated?.candles).toEqual([candle(60), candle(120, '0.3', 2)]);
    expect(updated?.to).toBe(600);
  });

  test('inserts a new candle in start order, and a later one moves the page’s end', () => {
    expect(applyCandleUpdate(page([candle(60), candle(180)]), candle(120))?.candles).toEqual([
      candle(60),
      candle(120),
      candle(180),
    ]);
    const later = applyCandleUpdate(page([candle(60)]), candle(660));
    expect(later?.candles.map((c) => c.start)).toEqual([60, 660]);
    expect(later?.to).toBe(660);
  });

  test('keeps at most a page of candles, dropping the oldest', () => {
    const full = Array.from({ length: CANDLES_MAX_PER_PAGE }, (_, i) => candle(i * 60));
    const to = (CANDLES_MAX_PER_PAGE - 1) * 60;
    const updated = applyCandleUpdate(page(full, 0, to), candle(to + 60));
    expect(updated?.candles).toHaveLength(CANDLES_MAX_PER_PAGE);
    expect(updated?.from).toBe(60);
    expect(updated?.candles.at(-1)?.start).toBe(to + 60);
  });

  test('asks for a re-read without a page or for a null candle', () => {
    expect(applyCandleUpdate(undefined, candle(60))).toBeUndefined();
    expect(applyCandleUpdate(page([candle(60)]), null)).toBeUndefined();
  });
});
