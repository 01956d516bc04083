import type { Fraction } from '@relayer/protocol';
import type { Ladder } from './buildLadder';
import { formatPrice } from './formatPrice';

export interface DepthChartPoints {
  /** Step outlines as [price, cumulative base] pairs, each starting at depth 0 on its best price. */
  bids: [number, number][];
  asks: [number, number][];
  minPrice: number;
  maxPrice: number;
  maxDepth: number;
}

/**
 * The depth chart's outlines. Coordinates are floats: they only place pixels, while every figure the
 * chart prints comes from the exact ladder. Bids step down in price from the best bid, asks up from
 * the best ask; the depth of a step is the cumulative amount up to that order. Undefined for an empty book.
 */
export function depthChartPoints(
  ladder: Ladder,
  baseDecimals: number,
  priceDecimals: number,
): DepthChartPoints | undefined {
  if (ladder.asks.length === 0 && ladder.bids.length === 0) return undefined;
  const price = (value: Fraction) => Number(formatPrice(value, priceDecimals + 4, 'nearest'));
  const amount = (value: bigint) => Number(value) / 10 ** baseDecimals;
  const outline = (rows: Ladder['asks']): [number, number][] => {
    const points: [number, number][] = [];
    let previous = 0;
    for (const row of rows) {
      const x = price(row.price);
      points.push([x, previous], [x, amount(row.depth)]);
      previous = amount(row.depth);
    }
    return points;
  };
  const bids = outline(ladder.bids);
  const asks = outline(ladder.asks);
  const xs = [...bids, ...asks].map(([x]) => x);
  let minPrice = Math.min(...xs);
  let maxPrice = Math.max(...xs);
  // A margin either side, so the outermost steps have width (one price only: 10 % of it).
  const margin = maxPrice > minPrice ? (maxPrice - minPrice) * 0.08 : Math.abs(minPrice) * 0.1 || 1;
  minPrice -= margin;
  maxPrice += margin;
  // Each side runs on flat to the chart's edge past its last order.
  const lastBid = bids.at(-1);
  if (lastBid) bids.push([minPrice, lastBid[1]]);
  const lastAsk = asks.at(-1);
  if (lastAsk) asks.push([maxPrice, lastAsk[1]]);
  const maxDepth = Math.max(lastBid?.[1] ?? 0, lastAsk?.[1] ?? 0);
  return { bids, asks, minPrice, maxPrice, maxDepth };
}
