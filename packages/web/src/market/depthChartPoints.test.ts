import type { Address } from '@relayer/protocol';
import { describe, expect, test } from 'vitest';
import { orderRecord } from '../test/fixtures';
import { buildLadder } from './buildLadder';
import { depthChartPoints } from './depthChartPoints';

const BASE: Address = `0x${'b'.repeat(40)}`;
const QUOTE: Address = `0x${'c'.repeat(40)}`;
const pair = { base: BASE, quote: QUOTE, baseDecimals: 0, quoteDecimals: 0 };
/** `base` units for `quote` units. */
const ask = (base: number, quote: number) =>
  orderRecord({
    makerTokenAddress: BASE,
    makerTokenAmount: String(base),
    takerTokenAddress: QUOTE,
    takerTokenAmount: String(quote),
  });
const bid = (base: number, quote: number) =>
  orderRecord({
    makerTokenAddress: QUOTE,
    makerTokenAmount: String(quote),
    takerTokenAddress: BASE,
    takerTokenAmount: String(base),
  });

describe('depthChartPoints', () => {
  test('steps out from the best price on each side to the chart edge, with a margin around the prices', () => {
    const ladder = buildLadder({ asks: [ask(10, 30), ask(5, 20)], bids: [bid(10, 20), bid(20, 20)] }, pair);
    const points = depthChartPoints(ladder, 0, 2);
    // Prices 1 … 4: a margin of 8 % of the span either side.
    expect(points?.minPrice).toBeCloseTo(0.76);
    expect(points?.maxPrice).toBeCloseTo(4.24);
    expect(points?.bids).toEqual([
      [2, 0],
      [2, 10],
      [1, 10],
      [1, 30],
      [points?.minPrice, 30],
    ]);
    expect(points?.asks).toEqual([
      [3, 0],
      [3, 10],
      [4, 10],
      [4, 15],
      [points?.maxPrice, 15],
    ]);
    expect(points?.maxDepth).toBe(30);
  });

  test('nothing to chart for an empty book; one order still gets a width', () => {
    expect(depthChartPoints(buildLadder({ asks: [], bids: [] }, pair), 0, 2)).toBeUndefined();
    const one = depthChartPoints(buildLadder({ asks: [ask(1, 2)], bids: [] }, pair), 0, 2);
    expect(one?.minPrice).toBeLessThan(2);
    expect(one?.maxPrice).toBeGreaterThan(2);
  });
});
