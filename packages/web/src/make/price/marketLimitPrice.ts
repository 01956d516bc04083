import { type Fraction, parsePrice } from '@relayer/protocol';
import { roundedText } from './exactPriceText';
import { parsePriceInput } from './parsePriceInput';
import type { OrderSide } from './priceToAmounts';

/** Significant digits of a price the market buttons fill in: plenty for a limit, short enough to read. */
export const MARKET_PRICE_DIGITS = 6;

/** The steps offered around the market price, in percent of it. */
export const PRICE_STEPS = [-5, -1, 1, 5] as const;

/**
 * The market price of the pair in the quote token, from the two tokens' USD prices: the maker token's
 * USD price over the taker token's is taker tokens per maker token, and the inverse the other way.
 * Undefined when either USD price is missing or zero.
 */
export function marketPairPrice(
  makerUsd: string | undefined,
  takerUsd: string | undefined,
  quote: OrderSide,
): Fraction | undefined {
  const maker = usdFraction(makerUsd);
  const taker = usdFraction(takerUsd);
  if (!maker || !taker) return undefined;
  const [top, bottom] = quote === 'taker' ? [maker, taker] : [taker, maker];
  return { numerator: top.numerator * bottom.denominator, denominator: top.denominator * bottom.numerator };
}

/** The text a market button puts in the price field: the market price moved by `percent`, rounded. */
export function steppedPriceText(market: Fraction, percent: number): string {
  const moved = {
    numerator: market.numerator * BigInt(100 + percent),
    denominator: market.denominator * 100n,
  };
  return roundedText(moved, MARKET_PRICE_DIGITS);
}

function usdFraction(text: string | undefined): Fraction | undefined {
  const plain = parsePrice(text);
  return plain === undefined ? undefined : parsePriceInput(plain).value;
}
