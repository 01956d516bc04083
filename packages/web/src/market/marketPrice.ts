import type { Fraction, OrderRecord } from '@relayer/protocol';

/** Which side of a market an order is on: an ask sells the base token, a bid buys it. */
export type BookSide = 'ask' | 'bid';

/** A market: the token priced (base) and the token it is priced in (quote), with their decimals. */
export interface MarketPair {
  base: string;
  quote: string;
  baseDecimals: number;
  quoteDecimals: number;
}

type SignedAmounts = Pick<OrderRecord, 'makerTokenAmount' | 'takerTokenAmount'>;

/**
 * An order's price in quote per base, human units, as an exact fraction: quote amount × 10^baseDecimals
 * / (base amount × 10^quoteDecimals). Asks give the base (maker token) for the quote (taker token), bids
 * the other way round. The signed amounts fix the price; fills and cancels do not move it.
 */
export function orderPrice(order: SignedAmounts, side: BookSide, pair: MarketPair): Fraction {
  const maker = BigInt(order.makerTokenAmount);
  const taker = BigInt(order.takerTokenAmount);
  const [quoteAmount, baseAmount] = side === 'ask' ? [taker, maker] : [maker, taker];
  return {
    numerator: quoteAmount * 10n ** BigInt(pair.baseDecimals),
    denominator: baseAmount * 10n ** BigInt(pair.quoteDecimals),
  };
}

/** -1, 0 or 1 as a is below, equal to or above b (denominators positive). */
export function comparePrices(a: Fraction, b: Fraction): number {
  const left = a.numerator * b.denominator;
  const right = b.numerator * a.denominator;
  return left < right ? -1 : left > right ? 1 : 0;
}

export function subtractPrices(a: Fraction, b: Fraction): Fraction {
  return {
    numerator: a.numerator * b.denominator - b.numerator * a.denominator,
    denominator: a.denominator * b.denominator,
  };
}

/** (a + b) / 2, exactly. */
export function midPrice(a: Fraction, b: Fraction): Fraction {
  return {
    numerator: a.numerator * b.denominator + b.numerator * a.denominator,
    denominator: 2n * a.denominator * b.denominator,
  };
}
