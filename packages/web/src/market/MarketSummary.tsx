import Box from '@mui/material/Box';
import type { Fraction, Ticker } from '@relayer/protocol';
import type { ReactNode } from 'react';
import type { Ladder } from './buildLadder';
import { formatPrice, type PriceRounding } from './formatPrice';
import { MarketFact, MarketFactCaption } from './MarketFact';
import { tickerFacts } from './tickerFacts';

export interface MarketSummaryProps {
  ladder: Ladder;
  priceDecimals: number;
  /** 'WETH per ZRX', with the tokens' labels. */
  unit: ReactNode;
  /** The market's 24 h figures (`GET /tickers`, this orientation); null before any trade. */
  ticker?: Ticker | null | undefined;
}

/**
 * The book's header: best bid and ask, the spread (also as a share of the mid price), the mid price, and
 * the last trade's price and 24 h change, in quote per base.
 */
export function MarketSummary({ ladder, priceDecimals, unit, ticker }: MarketSummaryProps) {
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
  const traded = tickerFacts(ticker, priceDecimals);
  return (
    <Box
      component="dl"
      aria-label="Market summary"
      sx={{
        display: 'grid',
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          sm: 'repeat(3, minmax(0, 1fr))',
          lg: 'repeat(6, minmax(0, 1fr))',
        },
        gap: 2,
        m: 0,
      }}
    >
      <MarketFact label="Best bid">{show(ladder.bestBid, 'down')}</MarketFact>
      <MarketFact label="Best ask">{show(ladder.bestAsk, 'up')}</MarketFact>
      <MarketFact label="Spread">
        {spread ? `${formatPrice(spread, priceDecimals, 'nearest')} (${spreadShare}%)` : '—'}
        {crossed ? ' crossed: a bid is above an ask' : ''}
      </MarketFact>
      <MarketFact label="Mid price">{show(mid, 'nearest')}</MarketFact>
      <MarketFact label="Last price">{traded.last}</MarketFact>
      <MarketFact label="24 h change">{traded.change}</MarketFact>
      <MarketFactCaption label="Prices in">{unit}</MarketFactCaption>
    </Box>
  );
}
