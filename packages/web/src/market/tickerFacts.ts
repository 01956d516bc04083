import type { Ticker } from '@relayer/protocol';
import { decimalToFraction } from './decimalToFraction';
import { formatPrice } from './formatPrice';

/** Places of the 24 h change's percentage. */
const PERCENT_DECIMALS = 2;

/**
 * A market's last price and 24 h change as the book shows them: the last price at the book's own
 * places (so it lines up with bid and ask), the change signed and in percent. '—' before any trade.
 */
export function tickerFacts(
  ticker: Pick<Ticker, 'last' | 'changePercent'> | null | undefined,
  priceDecimals: number,
): { last: string; change: string } {
  const last = ticker?.last ? decimalToFraction(ticker.last) : undefined;
  const percent = ticker?.changePercent ? decimalToFraction(ticker.changePercent) : undefined;
  const change = percent ? formatPrice(percent, PERCENT_DECIMALS, 'nearest') : undefined;
  return {
    last: last ? formatPrice(last, priceDecimals, 'nearest') : '—',
    change: change === undefined ? '—' : `${change.startsWith('-') ? '' : '+'}${change}%`,
  };
}
