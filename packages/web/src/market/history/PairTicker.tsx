import Typography from '@mui/material/Typography';
import type { TokenRecord } from '@relayer/protocol';
import { useQuery } from '@tanstack/react-query';
import { useVariant } from '../../config/useVariant';
import { tokenLabelText } from '../../tokens/trust/TokenLabel';
import { decimalToFraction } from '../decimalToFraction';
import { priceDecimals } from '../formatPrice';
import { tickerFacts } from '../tickerFacts';
import { tickerQuery } from './historyQueries';

/** The home page's book has no trades socket of its own: its pair's figures are read this often. */
const REFRESH_MS = 30_000;

export interface PairTickerProps {
  base: TokenRecord;
  quote: TokenRecord;
}

/**
 * One line above the home page's book for the chosen pair (its own chunk): the last trade's price in
 * quote per base and the 24 h change, from `GET /tickers`. Nothing before the pair's first trade.
 */
export default function PairTicker({ base, quote }: PairTickerProps) {
  const { relayerUrl, key } = useVariant();
  const ticker = useQuery({
    ...tickerQuery(relayerUrl, key, base.address, quote.address),
    refetchInterval: REFRESH_MS,
  });
  const last = ticker.data?.last ? decimalToFraction(ticker.data.last) : undefined;
  if (!ticker.data || !last) return null;
  const facts = tickerFacts(ticker.data, priceDecimals(last));
  return (
    <Typography variant="body2" data-pair-ticker sx={{ fontVariantNumeric: 'tabular-nums' }}>
      Last price {facts.last} {tokenLabelText(quote)} per {tokenLabelText(base)} · 24 h change {facts.change}
    </Typography>
  );
}
