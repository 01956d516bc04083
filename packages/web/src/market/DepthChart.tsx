import { useTheme } from '@mui/material/styles';
import { formatShortAmount } from '../format/amounts';
import type { Ladder } from './buildLadder';
import { ChartSvg } from './ChartSvg';
import { depthChartPoints } from './depthChartPoints';
import { formatPrice } from './formatPrice';

const WIDTH = 600;
const HEIGHT = 220;
const PAD = { left: 8, right: 8, top: 22, bottom: 22 };

export interface DepthChartProps {
  ladder: Ladder;
  baseDecimals: number;
  priceDecimals: number;
  /** The unit line, e.g. 'WETH per ZRX' (plain text: the labels are escaped by React). */
  priceUnit: string;
  baseSymbol: string;
}

/**
 * Cumulative depth either side of the spread as a dependency-free SVG (its own chunk, loaded when the
 * market view shows a book): bids in the success colour, asks in the error colour, price along the
 * bottom, base amount up. Scales with its container, so it fits a phone.
 */
export default function DepthChart({
  ladder,
  baseDecimals,
  priceDecimals,
  priceUnit,
  baseSymbol,
}: DepthChartProps) {
  const theme = useTheme();
  const points = depthChartPoints(ladder, baseDecimals, priceDecimals);
  if (!points) return null;
  const { minPrice, maxPrice, maxDepth } = points;
  const x = (price: number) =>
    PAD.left + ((price - minPrice) / (maxPrice - minPrice)) * (WIDTH - PAD.left - PAD.right);
  const y = (depth: number) =>
    HEIGHT - PAD.bottom - (maxDepth === 0 ? 0 : (depth / maxDepth) * (HEIGHT - PAD.top - PAD.bottom));
  const area = (outline: [number, number][]) => {
    if (outline.length === 0) return '';
    const line = outline.map(([px, depth]) => `${x(px).toFixed(1)},${y(depth).toFixed(1)}`).join(' L');
    const last = outline.at(-1);
    const first = outline[0];
    if (!last || !first) return '';
    return `M${line} L${x(last[0]).toFixed(1)},${y(0)} L${x(first[0]).toFixed(1)},${y(0)} Z`;
  };
  const lowest = ladder.bids.at(-1)?.price ?? ladder.asks[0]?.price;
  const highest = ladder.asks.at(-1)?.price ?? ladder.bids[0]?.price;
  const { bestBid, bestAsk } = ladder;
  // The mid price, dashed (pixels only: a float is fine here).
  const midX = ladder.mid ? x(Number(formatPrice(ladder.mid, priceDecimals + 4, 'nearest'))) : undefined;
  const label = [
    `Depth chart, ${priceUnit}.`,
    bestBid ? `Bids from ${formatPrice(bestBid, priceDecimals, 'down')} down.` : 'No bids.',
    bestAsk ? `Asks from ${formatPrice(bestAsk, priceDecimals, 'up')} up.` : 'No asks.',
  ].join(' ');
  const text = { fontSize: 11, fill: theme.palette.text.secondary };
  return (
    <ChartSvg width={WIDTH} height={HEIGHT} label={label} testId="depth-chart">
      <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} stroke={theme.palette.divider} />
      <path
        d={area(points.bids)}
        fill={theme.palette.success.main}
        fillOpacity={0.25}
        stroke={theme.palette.success.main}
      />
      <path
        d={area(points.asks)}
        fill={theme.palette.error.main}
        fillOpacity={0.25}
        stroke={theme.palette.error.main}
      />
      {midX !== undefined ? (
        <line
          x1={midX}
          x2={midX}
          y1={PAD.top}
          y2={y(0)}
          stroke={theme.palette.text.secondary}
          strokeDasharray="4 3"
        />
      ) : null}
      <text x={PAD.left} y={14} {...text}>
        {`${formatShortAmount(deepest(ladder), baseDecimals)} ${baseSymbol}`}
      </text>
      {lowest ? (
        <text x={PAD.left} y={HEIGHT - 6} {...text}>
          {formatPrice(lowest, priceDecimals, 'down')}
        </text>
      ) : null}
      {highest ? (
        <text x={WIDTH - PAD.right} y={HEIGHT - 6} textAnchor="end" {...text}>
          {formatPrice(highest, priceDecimals, 'up')}
        </text>
      ) : null}
    </ChartSvg>
  );
}

/** The chart's height in base units, exact: the deeper side's cumulative amount. */
function deepest(ladder: Ladder): bigint {
  const bids = ladder.bids.at(-1)?.depth ?? 0n;
  const asks = ladder.asks.at(-1)?.depth ?? 0n;
  return bids > asks ? bids : asks;
}
