import { useTheme } from '@mui/material/styles';
import type { Candle } from '@relayer/protocol';
import { ChartSvg } from '../ChartSvg';
import { candleChartGeometry } from './candleChartGeometry';

const BOX = { width: 600, height: 220, top: 16, bottom: 16, left: 8, right: 8 };

export interface CandleChartProps {
  candles: readonly Candle[];
  seconds: number;
  /** The chart's accessible name: what it shows, in words (the table beside it has every figure). */
  label: string;
}

/**
 * Candles as a dependency-free SVG: a rising candle (close at or above open) in the success colour, a
 * falling one in the error colour and hollow, so the direction does not rest on colour alone; the
 * highest high and lowest low are written at the edges. Scales with its container.
 */
export function CandleChart({ candles, seconds, label }: CandleChartProps) {
  const theme = useTheme();
  const geometry = candleChartGeometry(candles, seconds, BOX);
  if (!geometry) return null;
  const text = { fontSize: 11, fill: theme.palette.text.secondary };
  return (
    <ChartSvg width={BOX.width} height={BOX.height} label={label}>
      {geometry.shapes.map((shape) => {
        const color = shape.rising ? theme.palette.success.main : theme.palette.error.main;
        const middle = shape.x + shape.width / 2;
        return (
          <g key={shape.start}>
            <line x1={middle} x2={middle} y1={shape.wickTop} y2={shape.wickBottom} stroke={color} />
            <rect
              x={shape.x}
              y={shape.bodyTop}
              width={shape.width}
              height={shape.bodyHeight}
              fill={shape.rising ? color : theme.palette.background.paper}
              stroke={color}
            />
          </g>
        );
      })}
      <text x={BOX.width - BOX.right} y={BOX.top - 4} textAnchor="end" {...text}>
        {geometry.high}
      </text>
      <text x={BOX.width - BOX.right} y={BOX.height - 2} textAnchor="end" {...text}>
        {geometry.low}
      </text>
    </ChartSvg>
  );
}
