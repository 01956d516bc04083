import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { fromBaseUnits, type Ticker } from '@relayer/protocol';
import type { ReactNode } from 'react';

export interface MarketTickerProps {
  ticker: Ticker | null | undefined;
  baseDecimals: number;
  /** Plain-text symbols (escaped by React). */
  units: { base: string; quote: string };
}

/**
 * The market's 24 h figures from `GET /tickers`: last price, change (signed, also in percent), high,
 * low and base volume. Prices as the relayer sent them (exact decimals, quote per base).
 */
export function MarketTicker({ ticker, baseDecimals, units }: MarketTickerProps) {
  const none = '—';
  const change =
    ticker?.change && ticker.changePercent
      ? `${ticker.change.startsWith('-') ? '' : '+'}${ticker.change} (${ticker.changePercent.startsWith('-') ? '' : '+'}${ticker.changePercent}%)`
      : none;
  return (
    <Box
      component="dl"
      aria-label="24 hour figures"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(5, minmax(0, 1fr))' },
        gap: 2,
        m: 0,
      }}
    >
      <Fact label="Last price">{ticker?.last ?? none}</Fact>
      <Fact label="24 h change">{change}</Fact>
      <Fact label="24 h high">{ticker?.high ?? none}</Fact>
      <Fact label="24 h low">{ticker?.low ?? none}</Fact>
      <Fact label={`24 h volume (${units.base})`}>
        {ticker ? fromBaseUnits(ticker.baseVolume, baseDecimals) : none}
      </Fact>
      <Box sx={{ gridColumn: '1 / -1', display: 'flex', gap: 0.5 }}>
        <Typography component="dt" variant="caption" color="text.secondary">
          24 h figures in
        </Typography>
        <Typography component="dd" variant="caption" color="text.secondary" sx={{ m: 0 }}>
          {`${units.quote} per ${units.base}, ${ticker?.tradeCount ?? 0} trades`}
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
