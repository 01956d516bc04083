import { assertDecimals } from '../amounts/assertDecimals';
import type { Fraction } from '../prices/compareToMarket';
import { formatSignificant } from './formatSignificant';

/** Significant digits of every price the relayer sends for a trade, a candle or a ticker. */
export const TRADE_PRICE_SIGNIFICANT_DIGITS = 18;

export interface TradePriceInput {
  /** Base-token base units of the trade (or of an order's base side); positive. */
  baseAmount: bigint;
  /** Quote-token base units. */
  quoteAmount: bigint;
  baseDecimals: number;
  quoteDecimals: number;
}

/** The exact price in quote per base, whole tokens: quote × 10^baseDecimals / (base × 10^quoteDecimals). */
export function tradePriceFraction(input: TradePriceInput): Fraction {
  assertDecimals(input.baseDecimals);
  assertDecimals(input.quoteDecimals);
  if (input.baseAmount <= 0n || input.quoteAmount < 0n)
    throw new RangeError('a price needs a positive base amount');
  return {
    numerator: input.quoteAmount * 10n ** BigInt(input.baseDecimals),
    denominator: input.baseAmount * 10n ** BigInt(input.quoteDecimals),
  };
}

/**
 * A trade's price in quote per base, whole tokens (decimals applied), as an exact decimal string: the
 * ratio rounded half up to TRADE_PRICE_SIGNIFICANT_DIGITS significant digits, trailing zeros dropped,
 * never an exponent. The ratio itself is rarely a finite decimal, so this one rounding is what every
 * price of the price history uses. It is monotone: a higher ratio never formats below a lower one.
 */
export function formatTradePrice(input: TradePriceInput): string {
  const { numerator, denominator } = tradePriceFraction(input);
  return formatSignificant(numerator, denominator, TRADE_PRICE_SIGNIFICANT_DIGITS);
}
