import { fromBaseUnits, type Ticker } from '@relayer/protocol';
import { MarketFact, MarketFactCaption } from '../MarketFact';
import { MarketFacts } from '../MarketFacts';

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
      ? `${signed(ticker.change)} (${signed(ticker.changePercent)}%)`
      : none;
  return (
    <MarketFacts label="24 hour figures" columns={5}>
      <MarketFact label="Last price">{ticker?.last ?? none}</MarketFact>
      <MarketFact label="24 h change">{change}</MarketFact>
      <MarketFact label="24 h high">{ticker?.high ?? none}</MarketFact>
      <MarketFact label="24 h low">{ticker?.low ?? none}</MarketFact>
      <MarketFact label={`24 h volume (${units.base})`}>
        {ticker ? fromBaseUnits(ticker.baseVolume, baseDecimals) : none}
      </MarketFact>
      <MarketFactCaption label="24 h figures in">
        {`${units.quote} per ${units.base}, ${ticker?.tradeCount ?? 0} trades`}
      </MarketFactCaption>
    </MarketFacts>
  );
}

/** An exact decimal with its sign written out ("+0.1", "-0.1"). */
function signed(decimal: string): string {
  return decimal.startsWith('-') ? decimal : `+${decimal}`;
}
