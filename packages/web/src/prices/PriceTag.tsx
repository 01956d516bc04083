import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatUsd, type UsdPrice } from '@relayer/protocol';
import { useNow } from '../shared/time/useNow';
import { PRICE_QUALITY_COLOR } from './priceQualityColor';
import { priceStatus } from './priceStatus';

export interface PriceTagProps {
  /** The price shown; undefined shows 'N/A'. */
  price: UsdPrice | undefined;
  /** The figure to show, when it is derived from `price` (an asking price); default `price` itself. */
  value?: string;
  maxAgeMs: number;
  /** `stack`: the label under the figure (grid cells); `inline`: beside it. */
  layout?: 'stack' | 'inline';
}

/**
 * A USD figure that says where it comes from and how old it is: "0.350" with a small visible label
 * ("example price", "live · 3 min ago", "stale · 2 h old") and the full story in its tooltip.
 */
export function PriceTag({ price, value, maxAgeMs, layout = 'stack' }: PriceTagProps) {
  const now = useNow();
  const figure = formatUsd(value ?? price?.price, 3);
  if (!price) return <span>{figure}</span>;
  const status = priceStatus(price, maxAgeMs, now);
  return (
    <Tooltip title={status.detail} describeChild>
      <Box
        component="span"
        data-price-quality={status.quality}
        sx={{
          display: 'inline-flex',
          flexDirection: layout === 'stack' ? 'column' : 'row',
          alignItems: layout === 'stack' ? 'flex-start' : 'baseline',
          gap: layout === 'stack' ? 0 : 1,
          lineHeight: 1.3,
        }}
      >
        <span>{figure}</span>
        <Typography
          component="span"
          variant="caption"
          sx={{
            color: PRICE_QUALITY_COLOR[status.quality],
            fontStyle: status.quality === 'live' ? 'normal' : 'italic',
            lineHeight: 1.2,
            whiteSpace: 'nowrap',
          }}
        >
          {status.label}
        </Typography>
      </Box>
    </Tooltip>
  );
}
