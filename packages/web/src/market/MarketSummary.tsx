import type { Fraction } from '@relayer/protocol';
import type { ReactNode } from 'react';
import type { Ladder } from './buildLadder';
import { formatPrice, type PriceRounding } from './formatPrice';
import { MarketFact, MarketFactCaption } from './MarketFact';
import { MarketFacts } from './MarketFacts';

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
    <MarketFacts label="Market summary" columns={4}>
      <MarketFact label="Best bid">{show(ladder.bestBid, 'down')}</MarketFact>
      <MarketFact label="Best ask">{show(ladder.bestAsk, 'up')}</MarketFact>
      <MarketFact label="Spread">
        {spread ? `${formatPrice(spread, priceDecimals, 'nearest')} (${spreadShare}%)` : '—'}
        {crossed ? ' crossed: a bid is above an ask' : ''}
      </MarketFact>
      <MarketFact label="Mid price">{show(mid, 'nearest')}</MarketFact>
      <MarketFactCaption label="Prices in">{unit}</MarketFactCaption>
    </MarketFacts>
  );
}
