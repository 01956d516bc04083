import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Fraction } from '@relayer/protocol';
import type { ReactNode } from 'react';
import type { Ladder } from './buildLadder';
import { formatPrice, type PriceRounding } from './formatPrice';

export interface MarketSummaryProps {
  ladder: Ladder;
  priceDecimals: number;
  /** 'WETH per ZRX', with the tokens' labels. */
  unit: ReactNode;
}

/** Best bid and ask, the spread (also as a share of the mid price) and the mid price, in quote per base. */
export function MarketSummary({ ladder, priceDecimals, unit }: MarketSummaryProps) {
  const show = (price: Fraction | undefined, rounding: PriceRounding) =>
    price ? formatPrice(price, priceDecimals, rounding) : '—';
  const { spread, mid } = ladder;
  const crossed = spread !== undefined && spread.numerator < 0n;
  const spreadShare =
    spread && mid && mid.numerator > 0n
      ? formatPrice(
          {
            numerator: spread.numerator * mid.denominator * 100n,
            denominator: spread.denominator * mid.numerator,
          },
          2,
          'nearest',
        )
      : undefined;
  return (
    <Box
      component="dl"
      aria-label="Market summary"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' },
        gap: 2,
        m: 0,
      }}
    >
      <Fact label="Best bid">{show(ladder.bestBid, 'down')}</Fact>
      <Fact label="Best ask">{show(ladder.bestAsk, 'up')}</Fact>
      <Fact label="Spread">
        {spread ? `${formatPrice(spread, priceDecimals, 'nearest')} (${spreadShare}%)` : '—'}
        {crossed ? ' crossed: a bid is above an ask' : ''}
      </Fact>
      <Fact label="Mid price">{show(mid, 'nearest')}</Fact>
      {/* A `dl` holds only its groups: the unit is one more fact, worded as a caption. */}
      <Box sx={{ gridColumn: '1 / -1', display: 'flex', gap: 0.5 }}>
        <Typography component="dt" variant="caption" color="text.secondary">
          Prices in
        </Typography>
        <Typography component="dd" variant="caption" color="text.secondary" sx={{ m: 0 }}>
          {unit}
        </Typography>
      </Box>
    </Box>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        component="dd"
        variant="h6"
        sx={{ m: 0, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
      >
        {children}
      </Typography>
    </Box>
  );
}
